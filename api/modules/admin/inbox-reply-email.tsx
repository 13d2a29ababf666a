import { EmailLayout, Lines, Quoted, SectionTitle, Title } from '../mail';
import { emailOf, type ShopDetails } from '../mail';

export interface InboxReplyData {
  /** The subject of what the customer wrote. */
  subject: string;
  /** The owner's answer, as typed (its line breaks kept). */
  reply: string;
  /** What the customer wrote, quoted below the answer. */
  original: string;
}

/** The owner's answer to a contact message or an issue report, from the inbox. */
export function InboxReply({ data, shop }: { data: InboxReplyData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Re: ${data.subject}`}>
      <Title>{`Re: ${data.subject}`}</Title>
      <Lines lines={data.reply.split(/\r?\n/)} />
      <SectionTitle>You wrote</SectionTitle>
      <Quoted text={data.original} />
    </EmailLayout>
  );
}

export const inboxReplyEmail = emailOf(InboxReply, (data) => `Re: ${data.subject}`);
