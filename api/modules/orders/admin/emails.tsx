import {
  ActionLink,
  EmailLayout,
  Lines,
  Paragraph,
  Quoted,
  SectionTitle,
  TextLink,
  Title,
} from '../../mail/templates/EmailLayout';
import { renderEmail, type RenderedEmail } from '../../mail/templates/render';
import { UNTRACKED_TEXT } from '../../../../core/admin/model';
import type { ShopDetails } from '../../mail/templates/shop';

export interface ShippedEmailData {
  number: number;
  firstname: string;
  carrier: string;
  trackingNumber: string;
  /** null: untracked letter mail (carrier "none"). */
  trackingUrl: string | null;
  /**
   * Where the buyer follows the order: a guest's signed order link (they have no /orders), else
   * undefined for the account's orders page (issue 39).
   */
  guestOrderUrl?: string | undefined;
}

/** To the customer when the shop marks an order shipped: the carrier and the tracking link. */
export function OrderShipped({ data, shop }: { data: ShippedEmailData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Order ${data.number} is on its way`}>
      <Title>{`Order ${data.number} is on its way`}</Title>
      <Paragraph>{`Hello ${data.firstname}, your order has been shipped.`}</Paragraph>
      {data.trackingUrl ? (
        <>
          <Lines lines={[`Carrier: ${data.carrier}`, `Tracking number: ${data.trackingNumber}`]} />
          <ActionLink href={data.trackingUrl}>Track your parcel</ActionLink>
        </>
      ) : (
        <Paragraph>{UNTRACKED_TEXT}</Paragraph>
      )}
      {data.guestOrderUrl ? (
        <Paragraph>
          {'You can also follow it on '}
          <TextLink href={data.guestOrderUrl}>your order's page</TextLink>.
        </Paragraph>
      ) : (
        <Paragraph>
          {'You can also follow it under your '}
          <TextLink href={`${shop.siteUrl}/orders`}>orders</TextLink>.
        </Paragraph>
      )}
    </EmailLayout>
  );
}

export const orderShippedEmail = (
  data: ShippedEmailData,
  shop: ShopDetails,
): Promise<RenderedEmail> =>
  renderEmail(<OrderShipped data={data} shop={shop} />, {
    subject: `Order ${data.number} has shipped`,
  });

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

export const inboxReplyEmail = (data: InboxReplyData, shop: ShopDetails): Promise<RenderedEmail> =>
  renderEmail(<InboxReply data={data} shop={shop} />, { subject: `Re: ${data.subject}` });
