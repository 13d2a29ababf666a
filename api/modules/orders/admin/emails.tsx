import {
  ActionLink,
  EmailLayout,
  Lines,
  Paragraph,
  TextLink,
  Title,
  emailOf,
  type ShopDetails,
} from '../../mail';
import { UNTRACKED_TEXT } from '../../../../core/admin/model';

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

export const orderShippedEmail = emailOf(
  OrderShipped,
  (data) => `Order ${data.number} has shipped`,
);

export interface DeliveredEmailData {
  number: number;
  firstname: string;
  /** The last shop day a return can be started, "Dec 12" (14 days after delivery). */
  returnBy: string;
  /** A guest's signed order link (they have no /orders), else undefined for the account's. */
  guestOrderUrl?: string | undefined;
}

/**
 * To the customer when the shop marks an order delivered: where to report a problem, and the last
 * day a return can be started (the return window runs from delivery).
 */
export function OrderDelivered({ data, shop }: { data: DeliveredEmailData; shop: ShopDetails }) {
  const orderPage = data.guestOrderUrl ?? `${shop.siteUrl}/orders`;
  return (
    <EmailLayout shop={shop} preview={`Order ${data.number} was delivered`}>
      <Title>{`Order ${data.number} was delivered`}</Title>
      <Paragraph>{`Hello ${data.firstname}, your order has been delivered. We hope you enjoy it.`}</Paragraph>
      <Paragraph>
        {`If you would like to send an item back, you can start a return until ${data.returnBy} on `}
        <TextLink href={orderPage}>
          {data.guestOrderUrl ? "your order's page" : 'your orders'}
        </TextLink>
        .
      </Paragraph>
    </EmailLayout>
  );
}

export const orderDeliveredEmail = emailOf(
  OrderDelivered,
  (data) => `Order ${data.number} was delivered`,
);
