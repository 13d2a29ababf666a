import { EmailLayout, Lines, Paragraph, SectionTitle, Title } from './EmailLayout';
import { formatCents } from '../../../../core/money';
import { keptBackSentence } from './CancelEmails';
import { itemLines } from './format';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';

/** An order closed because its card payment failed or was refunded (issue 35), as mailed. */
export interface ClosedOrderData {
  number: number;
  firstname: string;
  lastname: string;
  email: string;
  /** What went back to the gift cards that paid. */
  giftCardCents: number;
  /** What went back to the payment card. */
  cardCents: number;
  /** Not refunded: a gift card the order bought had already paid for it. */
  keptBackCents: number;
  items: { title: string; variantTitle: string | null; quantity: number }[];
}

export type PaymentEnd = 'failed' | 'refunded';

const OPENINGS: Record<PaymentEnd, (order: ClosedOrderData) => string> = {
  failed: (order) =>
    `Hello ${order.firstname}, the payment for your order ${order.number} did not go through, so the order is canceled.`,
  refunded: (order) =>
    `Hello ${order.firstname}, the payment for your order ${order.number} was refunded, so the order is canceled.`,
};

/** What went back where, in sentences; nothing when nothing was paid. */
export function givenBack(order: ClosedOrderData): string {
  const parts: string[] = [];
  if (order.giftCardCents > 0) {
    parts.push(`We returned ${formatCents(order.giftCardCents)} to your gift card.`);
  }
  if (order.cardCents > 0) {
    parts.push(
      `We refunded ${formatCents(order.cardCents)} to your payment card; your bank shows it within 5-7 business days.`,
    );
  }
  if (order.keptBackCents > 0) parts.push(keptBackSentence(order.keptBackCents));
  return parts.join(' ');
}

/** To the buyer: their order is canceled because its payment failed or was refunded. */
export function PaymentEnded({
  order,
  end,
  shop,
}: {
  order: ClosedOrderData;
  end: PaymentEnd;
  shop: ShopDetails;
}) {
  const back = givenBack(order);
  return (
    <EmailLayout shop={shop} preview={`Order ${order.number} is canceled`}>
      <Title>{`Order ${order.number} is canceled`}</Title>
      <Paragraph>{OPENINGS[end](order)}</Paragraph>
      {back ? <Paragraph>{back}</Paragraph> : null}
      <SectionTitle>Canceled items</SectionTitle>
      <Lines lines={itemLines(order.items)} />
    </EmailLayout>
  );
}

export function paymentEndedEmail(
  order: ClosedOrderData,
  end: PaymentEnd,
  shop: ShopDetails,
): Promise<RenderedEmail> {
  return renderEmail(<PaymentEnded order={order} end={end} shop={shop} />, {
    subject: `Your order ${order.number} is canceled`,
  });
}

/** To the shop (SHOP_EMAIL): a closed order's refund kept back what a card it bought spent. */
export function KeptBack({ order, shop }: { order: ClosedOrderData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Order ${order.number}: part of the refund kept back`}>
      <Title>{`Order ${order.number} is canceled`}</Title>
      <Lines
        lines={[
          `Customer: ${order.firstname} ${order.lastname} <${order.email}>`,
          `Order number: ${order.number}`,
        ]}
      />
      <Paragraph>{givenBack(order).replace(/your /g, 'their ')}</Paragraph>
      <Paragraph>The gift cards the order bought are void: they cannot be used any more.</Paragraph>
    </EmailLayout>
  );
}

export function keptBackEmail(order: ClosedOrderData, shop: ShopDetails): Promise<RenderedEmail> {
  return renderEmail(<KeptBack order={order} shop={shop} />, {
    subject: `Order ${order.number} canceled: ${formatCents(order.keptBackCents)} not refunded`,
  });
}
