import { ActionLink, EmailLayout, Note, Paragraph, TextLink, Title } from './EmailLayout';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';

/**
 * The account emails (issue 10): verify an address, reset a password, a password was changed, and
 * the note to an address that registers again. Links are built from `shop.siteUrl`
 * (PUBLIC_SITE_URL), never from a request's Host, and point to the spec's pages.
 */

interface LinkProps {
  shop: ShopDetails;
  link: string;
}

/** spec §2: /verifyemail reads the token and the email from the query. */
export const verifyEmailLink = (shop: ShopDetails, token: string, email: string) =>
  `${shop.siteUrl}/verifyemail?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

/** spec §2: /resetpassword reads the token and the email from the query. */
export const resetPasswordLink = (shop: ShopDetails, token: string, email: string) =>
  `${shop.siteUrl}/resetpassword?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

/** An email whose point is one link: a title, why it came, the link, and how long it works. */
function LinkEmail({
  shop,
  title,
  intro,
  action,
  link,
  note,
}: LinkProps & { title: string; intro: string; action: string; note: string }) {
  return (
    <EmailLayout shop={shop} preview={title}>
      <Title>{title}</Title>
      <Paragraph>{intro}</Paragraph>
      <ActionLink href={link}>{action}</ActionLink>
      <Note>{note}</Note>
    </EmailLayout>
  );
}

export function VerifyEmail({ shop, link }: LinkProps) {
  return (
    <LinkEmail
      shop={shop}
      link={link}
      title="Verify your email address"
      intro={`Thanks for registering with ${shop.siteName}. Please confirm this is your email address:`}
      action="Verify my email address"
      note="The link works for 24 hours and only once. If you did not register, you can ignore this email."
    />
  );
}

export const verifyEmailEmail = (shop: ShopDetails, link: string): Promise<RenderedEmail> =>
  renderEmail(<VerifyEmail shop={shop} link={link} />, { subject: 'Verify your email address' });

export function PasswordReset({ shop, link }: LinkProps) {
  return (
    <LinkEmail
      shop={shop}
      link={link}
      title="Reset your password"
      intro="Someone asked to reset the password of your account. To choose a new one:"
      action="Choose a new password"
      note="The link works for 60 minutes and only once. If you did not ask, you can ignore this email: your password stays as it is."
    />
  );
}

export const passwordResetEmail = (shop: ShopDetails, link: string): Promise<RenderedEmail> =>
  renderEmail(<PasswordReset shop={shop} link={link} />, { subject: 'Reset your password' });

export function PasswordChanged({ shop }: { shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview="Your password was changed">
      <Title>Your password was changed</Title>
      <Paragraph>
        The password of your account was just changed, and every other session was signed out.
      </Paragraph>
      <Paragraph>
        {'If this was not you, choose a new password at once at '}
        <TextLink
          href={`${shop.siteUrl}/forgotpassword`}
        >{`${shop.siteUrl}/forgotpassword`}</TextLink>
        {' and let us know.'}
      </Paragraph>
    </EmailLayout>
  );
}

export const passwordChangedEmail = (shop: ShopDetails): Promise<RenderedEmail> =>
  renderEmail(<PasswordChanged shop={shop} />, { subject: 'Your password was changed' });

/**
 * Sent instead of a verification email when an address that already has an account registers
 * again: the answer to the registration is the same, so only the address's owner learns of it.
 */
export function AccountExists({ shop }: { shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview="You already have an account">
      <Title>You already have an account</Title>
      <Paragraph>
        {`Someone, probably you, tried to register at ${shop.siteName} with this email address, which already has an account.`}
      </Paragraph>
      <ActionLink href={`${shop.siteUrl}/login`}>Log in</ActionLink>
      <Paragraph>
        {'Forgot your password? Choose a new one at '}
        <TextLink
          href={`${shop.siteUrl}/forgotpassword`}
        >{`${shop.siteUrl}/forgotpassword`}</TextLink>
        .
      </Paragraph>
      <Note>If it was not you, you can ignore this email: nothing was changed.</Note>
    </EmailLayout>
  );
}

export const accountExistsEmail = (shop: ShopDetails): Promise<RenderedEmail> =>
  renderEmail(<AccountExists shop={shop} />, { subject: 'You already have an account' });
