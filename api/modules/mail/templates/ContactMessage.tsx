import type { ContactMessage as Message } from '../../../../core/contact/model';
import { EmailLayout, Lines, Quoted, SectionTitle, Title } from './EmailLayout';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';

interface Props {
  message: Message;
  shop: ShopDetails;
}

/**
 * A contact-form message for the shop. Reply-to is the sender (set by the caller) when the sender
 * gave an address; otherwise the mail says there is none to reply to. The message is
 * quoted, so nothing in it can pass for a line of the email's own, such as a "From:".
 */
/** What the shop reads when a guest left no email (DECISIONS "Contact email"). */
export const NO_REPLY_ADDRESS = 'none given: the sender cannot be answered by email';

export function ContactMessage({ message, shop }: Props) {
  const sender = message.email ?? 'a guest without an email address';
  return (
    <EmailLayout shop={shop} preview={`${message.subject}, from ${sender}`}>
      <Title>Contact form message</Title>
      <Lines
        lines={[
          `Sender's email: ${message.email ?? NO_REPLY_ADDRESS}`,
          `Subject: ${message.subject}`,
          `Order number: ${message.orderNumber ?? 'none given'}`,
        ]}
      />
      <SectionTitle>Message</SectionTitle>
      <Quoted text={message.message} />
    </EmailLayout>
  );
}

export function contactMessageEmail(message: Message, shop: ShopDetails): Promise<RenderedEmail> {
  return renderEmail(<ContactMessage message={message} shop={shop} />, {
    subject: `Contact form: ${message.subject}`,
  });
}
