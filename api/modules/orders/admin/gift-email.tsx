import { GIFT_TEXT } from '../../../../core/orders/gift';
import {
  ActionLink,
  EmailLayout,
  Lines,
  Note,
  Paragraph,
  Title,
  emailOf,
  type ShopDetails,
} from '../../mail';
import { UNTRACKED_TEXT } from '../../../../core/admin/model';

export interface GiftShippedData {
  /** The buyer's first name only (issue 26). */
  buyerFirstname: string;
  /** The recipient's name on the parcel. */
  recipientFirstname: string;
  carrier: string;
  trackingNumber: string;
  /** null: untracked letter mail (carrier "none"). */
  trackingUrl: string | null;
}

/**
 * To a gift's recipient, once, when the shop marks it shipped (issue 26): who sent it, the carrier
 * and the tracking link. Never a price, an order total or an advert: it holds nothing of the order
 * but these.
 */
export function GiftShipped({ data, shop }: { data: GiftShippedData; shop: ShopDetails }) {
  const title = GIFT_TEXT.shippedTitle(data.buyerFirstname);
  return (
    <EmailLayout shop={shop} preview={title}>
      <Title>{title}</Title>
      <Paragraph>{GIFT_TEXT.hello(data.recipientFirstname)}</Paragraph>
      <Paragraph>{GIFT_TEXT.shippedBody(data.buyerFirstname, shop.siteName)}</Paragraph>
      {data.trackingUrl ? (
        <>
          <Lines
            lines={[GIFT_TEXT.carrier(data.carrier), GIFT_TEXT.trackingNumber(data.trackingNumber)]}
          />
          <ActionLink href={data.trackingUrl}>{GIFT_TEXT.track}</ActionLink>
        </>
      ) : (
        <Paragraph>{UNTRACKED_TEXT}</Paragraph>
      )}
      <Note>{GIFT_TEXT.shippedFooter}</Note>
    </EmailLayout>
  );
}

export const giftShippedEmail = emailOf(GiftShipped, (data) =>
  GIFT_TEXT.shippedSubject(data.buyerFirstname),
);
