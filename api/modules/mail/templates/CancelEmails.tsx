import { GIFT_CARD_TEXTS } from '../../../../core/gift-cards/model';
import { EmailLayout, Lines, Paragraph, Quoted, SectionTitle, Title } from './EmailLayout';
import { formatCents } from '../../../../core/money';
import { CANCEL_REASON_WORDS, type CancelReason } from '../../../../core/admin/cancel-reason';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';
import type { OrderEmailData } from './order-data';
import { RefundedTo } from './OrderParts';

/** A canceled order as its emails show it: who, what, and the full refund. */
export interface CanceledOrderSummary {
  number: number;
  firstname: string;
  lastname: string;
  email: string;
  taxCents: number;
  totalCents: number;
  /** The part a gift card paid, returned to it first (issue 26). */
  giftCardCents?: number;
  /**
   * What was not refunded because a gift card the order bought had already paid for it (issue
   * 35); `totalCents` is then what was refunded.
   */
  keptBackCents?: number;
  items: { title: string; variantTitle: string | null; quantity: number; unitPriceCents: number }[];
  /** What went back to each instrument (issue 35). */
  refundedTo?: OrderEmailData['payments'];
}

/** Why part of a canceled order's money was not given back (issue 35), to the buyer and the shop. */
export const keptBackSentence = (keptBackCents: number) =>
  `${formatCents(keptBackCents)} was not refunded because the gift card this order bought had already paid for ${formatCents(keptBackCents)}.`;

/**
 * The refund of a canceled order in a sentence or two: the gift card's part first, then the card,
 * and what was kept back, if anything.
 */
export function refundSentence(order: {
  totalCents: number;
  giftCardCents?: number;
  keptBackCents?: number;
}): string {
  const kept = order.keptBackCents ?? 0;
  const refunded = order.giftCardCents
    ? GIFT_CARD_TEXTS.refundSplit(
        formatCents(order.giftCardCents),
        formatCents(order.totalCents - order.giftCardCents),
      )
    : kept > 0
      ? `We refunded ${formatCents(order.totalCents)} to your card; your bank shows it within 5-7 business days.`
      : `We refunded the full ${formatCents(order.totalCents)} to your card; your bank shows it within 5-7 business days.`;
  return kept > 0 ? `${refunded} ${keptBackSentence(kept)}` : refunded;
}

/** Each line refunded, with its amount, then the tax: what the refund is made of. */
const refundedLines = (order: CanceledOrderSummary) => [
  ...order.items.map(
    (item) =>
      `${item.quantity} × ${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}: ${formatCents(item.unitPriceCents * item.quantity)}`,
  ),
  `Sales tax: ${formatCents(order.taxCents)}`,
  ...(order.keptBackCents ? [`Not refunded: ${formatCents(order.keptBackCents)}`] : []),
  `Total refunded: ${formatCents(order.totalCents)}`,
];

/** The refund in a sentence, then each line refunded with its amount, the tax and the total. */
function Refunded({ order, summary }: { order: CanceledOrderSummary; summary: string }) {
  return (
    <>
      <Paragraph>{summary}</Paragraph>
      <SectionTitle>Refunded</SectionTitle>
      <Lines lines={refundedLines(order)} />
      <RefundedTo parts={order.refundedTo} />
    </>
  );
}

/**
 * To the customer, when the shop canceled their order (the owner's cancel, issue 25): that the
 * shop canceled it, why, and what was refunded, line by line.
 */
export function ShopCanceledOrder({
  order,
  reason,
  note,
  shop,
}: {
  order: CanceledOrderSummary;
  reason: CancelReason;
  note: string | null;
  shop: ShopDetails;
}) {
  return (
    <EmailLayout shop={shop} preview={`We canceled order ${order.number}`}>
      <Title>{`Order ${order.number} is canceled`}</Title>
      {reason === 'other' ? (
        <>
          <Paragraph>
            {`Hello ${order.firstname}, we are sorry: ${shop.siteName} canceled your order ${order.number}, for this reason:`}
          </Paragraph>
          <Quoted text={note ?? ''} />
        </>
      ) : (
        <Paragraph>
          {`Hello ${order.firstname}, we are sorry: ${shop.siteName} canceled your order ${order.number} because ${CANCEL_REASON_WORDS[reason]}.`}
        </Paragraph>
      )}
      <Refunded order={order} summary={refundSentence(order)} />
    </EmailLayout>
  );
}

export function shopCanceledOrderEmail(
  order: CanceledOrderSummary,
  reason: CancelReason,
  note: string | null,
  shop: ShopDetails,
): Promise<RenderedEmail> {
  return renderEmail(<ShopCanceledOrder order={order} reason={reason} note={note} shop={shop} />, {
    subject: `Your order ${order.number} is canceled`,
  });
}

/** To the shop (SHOP_EMAIL): a customer canceled their order; its items and the refund. */
export function CustomerCanceledOrder({
  order,
  shop,
}: {
  order: CanceledOrderSummary;
  shop: ShopDetails;
}) {
  return (
    <EmailLayout shop={shop} preview={`Order ${order.number} was canceled by the customer`}>
      <Title>{`Order ${order.number} canceled by the customer`}</Title>
      <Lines
        lines={[
          `Customer: ${order.firstname} ${order.lastname} <${order.email}>`,
          `Order number: ${order.number}`,
        ]}
      />
      <Refunded
        order={order}
        summary={`The customer canceled the order before it shipped. The stock went back and ${formatCents(order.totalCents)} was refunded to their card.${order.keptBackCents ? ` ${keptBackSentence(order.keptBackCents)}` : ''}`}
      />
    </EmailLayout>
  );
}

export function customerCanceledOrderEmail(
  order: CanceledOrderSummary,
  shop: ShopDetails,
): Promise<RenderedEmail> {
  return renderEmail(<CustomerCanceledOrder order={order} shop={shop} />, {
    subject: `Order ${order.number} canceled by the customer: ${formatCents(order.totalCents)} refunded`,
  });
}
