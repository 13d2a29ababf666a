import {
  Body,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { Children, Fragment, type CSSProperties, type ReactNode } from 'react';
import { noBreaks, oneLine, textLines } from './format';
import type { ShopDetails } from './shop';

/**
 * The shop's email kit: one layout and the few blocks every email is made of. React escapes every
 * value, and `renderEmail` (render.ts) turns the element into the HTML part and a plain-text part
 * read from the same HTML, so an email is written once.
 *
 * A new email (verification, password reset, cancellation, shipping) is a component and a function:
 *
 *   function PasswordReset({ shop, link }: { shop: ShopDetails; link: string }) {
 *     return (
 *       <EmailLayout shop={shop} preview="Reset your password">
 *         <Title>Reset your password</Title>
 *         <Paragraph>The link works for one hour.</Paragraph>
 *         <ActionLink href={link}>Choose a new password</ActionLink>
 *       </EmailLayout>
 *     );
 *   }
 *   export const passwordResetEmail = (shop: ShopDetails, link: string) =>
 *     renderEmail(<PasswordReset shop={shop} link={link} />, { subject: 'Reset your password' });
 *
 * then `enqueueMail(tx, { kind, to, ...(await passwordResetEmail(shop, link)) })`. Render before
 * the transaction that queues it when you can: a render takes a few milliseconds.
 *
 * Rules of the kit: text a person typed (a message, a note) goes in `<Quoted>` only, so it can
 * never pass for the shop's own lines; every other block shows its text on one line (line breaks
 * and control characters become spaces). Put a value inside one string (`{`Order ${n}`}`), not
 * beside text (`Order {n}`): React puts a marker comment between neighbouring text.
 */

const colors = { green: '#2f5d3a', ink: '#1f2a1f', muted: '#5b635b', line: '#e3ded3' };

const styles = {
  body: {
    margin: 0,
    padding: '24px 12px',
    backgroundColor: '#f4f1ea',
    fontFamily: 'Helvetica, Arial, sans-serif',
    color: colors.ink,
  },
  container: { maxWidth: '600px', backgroundColor: '#ffffff', borderRadius: '8px' },
  brand: {
    margin: 0,
    padding: '24px 28px',
    borderBottom: `1px solid ${colors.line}`,
    fontSize: '20px',
    fontWeight: 'bold',
    color: colors.green,
  },
  content: { padding: '8px 28px 16px' },
  footer: {
    margin: 0,
    padding: '16px 28px',
    borderTop: `1px solid ${colors.line}`,
    fontSize: '12px',
    lineHeight: '18px',
    color: colors.muted,
  },
  title: { fontSize: '22px', margin: '16px 0 8px' },
  sectionTitle: { fontSize: '16px', margin: '24px 0 8px' },
  paragraph: { fontSize: '15px', lineHeight: '22px', margin: '12px 0' },
  note: { fontSize: '13px', lineHeight: '20px', margin: '8px 0', color: colors.muted },
  quote: {
    margin: '12px 0',
    padding: '8px 16px',
    borderLeft: `4px solid ${colors.line}`,
    color: colors.ink,
    fontSize: '15px',
    lineHeight: '22px',
    whiteSpace: 'normal',
  },
  link: { color: colors.green },
} satisfies Record<string, CSSProperties>;

interface LayoutProps {
  shop: ShopDetails;
  /** The line mail programs show beside the subject; not part of the text. */
  preview: string;
  children: ReactNode;
}

/** Every email's frame: the shop's name on top, the content, where to ask questions below. */
export function EmailLayout({ shop, preview, children }: LayoutProps) {
  const contact = `${shop.siteUrl}/contactus`;
  return (
    <Html lang="en">
      <Head />
      <Preview>{oneLine(preview)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{shop.siteName}</Text>
          <Section style={styles.content}>{children}</Section>
          <Text style={styles.footer}>
            {'Questions? Write to '}
            <Link href={`mailto:${shop.shopEmail}`} style={styles.link}>
              {shop.shopEmail}
            </Link>
            {' or use the contact form at '}
            <Link href={contact} style={styles.link}>
              {contact}
            </Link>
            .
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The email's heading. */
export function Title({ children }: { children: string }) {
  return (
    <Heading as="h1" style={styles.title}>
      {oneLine(children)}
    </Heading>
  );
}

/** A heading inside the email. */
export function SectionTitle({ children }: { children: string }) {
  return (
    <Heading as="h2" style={styles.sectionTitle}>
      {oneLine(children)}
    </Heading>
  );
}

/** The strings among `children` without line breaks; elements (links) as they are. */
function unbroken(children: ReactNode): ReactNode {
  return Children.map(children, (child) => (typeof child === 'string' ? noBreaks(child) : child));
}

/** A paragraph of the shop's own words; values in it stay on one line. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{unbroken(children)}</Text>;
}

/** Small print: a hint, a policy line. */
export function Note({ children }: { children: ReactNode }) {
  return <Text style={styles.note}>{unbroken(children)}</Text>;
}

/** A link inside a paragraph, in the shop's colour. */
export function TextLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} style={styles.link}>
      {oneLine(children)}
    </Link>
  );
}

/** A link on its own line; the text part shows its words followed by its address. */
export function ActionLink({ href, children }: { href: string; children: string }) {
  return (
    <Text style={styles.paragraph}>
      <Link href={href} style={styles.link}>
        {oneLine(children)}
      </Link>
    </Text>
  );
}

/** Lines that belong together (an address), one under the other, each on one line. */
export function Lines({ lines }: { lines: string[] }) {
  return (
    <Text style={styles.paragraph}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {oneLine(line)}
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * What a person wrote, shown as a quotation: a blockquote in HTML, lines starting with "> " in
 * the text part. Its line breaks are kept, but every line stays inside the quotation, so a line
 * such as "From: someone" can never pass for one of the email's own.
 */
export function Quoted({ text }: { text: string }) {
  return (
    <blockquote style={styles.quote}>
      {textLines(text).map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </blockquote>
  );
}
