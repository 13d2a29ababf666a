import { EmailLayout, Lines, Paragraph, SectionTitle, Title } from './EmailLayout';
import { formatCents } from '../../../../core/money';
import { itemLines } from './format';
import { emailOf } from './render';
import type { ShopDetails } from './shop';
import type { OrderEmailData } from './order-data';
import { RefundedTo } from './OrderParts';

/** The owner's refund of some lines of an order (issue 39 item 7), as mailed to the buyer. */
export interface LinesRefundedData {
  number: number;
  firstname: string;
  amountCents: number;
  items: { title: string; variantTitle: string | null; quantity: number }[];
  /** What went back to each instrument, the gift card's first. */
  refundedTo: OrderEmailData['payments'];
  /** Gift cards of the order voided by this refund: they can no longer be spent. */
  cardsVoided: number;
  /** What those cards had already paid for, not refunded. */
  keptBackCents: number;
}

/** The sentences saying what happened to the gift cards this refund took back. */
function cardSentence(data: LinesRefundedData): string | null {
  if (data.cardsVoided === 0) return null;
  const cards = data.cardsVoided === 1 ? 'The gift card' : `The ${data.cardsVoided} gift cards`;
  const kept =
    data.keptBackCents > 0
      ? ` It had already paid for ${formatCents(data.keptBackCents)}, which is not refunded.`
      : '';
  return `${cards} refunded here can no longer be used.${kept}`;
}

/** To the buyer when the shop refunds some of their order's items. */
export function LinesRefunded({ data, shop }: { data: LinesRefundedData; shop: ShopDetails }) {
  const card = data.refundedTo.some((part) => part.method !== 'gift_card');
  const cards = cardSentence(data);
  return (
    <EmailLayout shop={shop} preview={`We refunded ${formatCents(data.amountCents)}`}>
      <Title>{`We refunded ${formatCents(data.amountCents)} for order ${data.number}`}</Title>
      <Paragraph>
        {`Hello ${data.firstname}, we refunded ${formatCents(data.amountCents)} for the items below.${
          card ? ' Your bank shows the card’s part within 5-7 business days.' : ''
        }`}
      </Paragraph>
      {cards && <Paragraph>{cards}</Paragraph>}
      <SectionTitle>Refunded items</SectionTitle>
      <Lines lines={itemLines(data.items)} />
      <RefundedTo parts={data.refundedTo} />
    </EmailLayout>
  );
}

export const linesRefundedEmail = emailOf(
  LinesRefunded,
  (data) => `Refund for order ${data.number}`,
);
