import { Section } from '@react-email/components';
import type { CSSProperties } from 'react';
import { formatCents, formatRate } from '../../../../core/money';
import { GIFT_TEXT } from '../../../../core/orders/gift';
import { paymentLine } from '../../../../core/orders/payments';
import { Lines, Quoted, SectionTitle } from './EmailLayout';
import { oneLine } from './format';
import { personalizedLine } from '../../../../core/product/personalization';
import type { OrderEmailData } from './order-data';

/** The blocks both order emails share: the lines bought with their totals, the address, the card. */

const cell: CSSProperties = {
  padding: '6px 0',
  borderBottom: '1px solid #eeeeee',
  fontSize: '14px',
};
const head: CSSProperties = { ...cell, borderBottom: '2px solid #2f5d3a', fontWeight: 'bold' };
const right: CSSProperties = { textAlign: 'right' };
const muted: CSSProperties = { color: '#5b635b', fontSize: '13px' };

export function itemName(item: OrderEmailData['items'][number]): string {
  // A gift card is named with its amount: "Evergreen Gift Card, $35.00" (issue 39 point 2).
  if (item.kind === 'gift_card')
    return oneLine(`${item.title}, ${formatCents(item.unitPriceCents)}`);
  const name = item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title;
  // A personalized line says its texts (issue 40): two mugs, two names.
  const texts = (item.personalization ?? []).map(personalizedLine);
  return oneLine(texts.length > 0 ? `${name}, ${texts.join(', ')}` : name);
}

/** Whether an order's lines are all gift cards: emailed, untaxed, never returned. */
export const giftCardsOnly = (items: OrderEmailData['items']): boolean =>
  items.length > 0 && items.every((item) => item.kind === 'gift_card');

export function addressLines(
  address: NonNullable<OrderEmailData['order']['shippingAddress']>,
): string[] {
  return [
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.zipcode}`,
  ];
}

/** Whom the parcel is for: the shipping address's name, or the buyer's on an order without one. */
export function recipientLine(order: OrderEmailData['order']): string {
  const address = order.shippingAddress;
  return `${address?.firstname || order.firstname} ${address?.lastname || order.lastname}`;
}

/** A gift order's part (issue 26): "Gift", the message as written, whether prices are hidden. */
export function GiftSection({ order }: { order: OrderEmailData['order'] }) {
  if (order.giftMessage === null || order.giftMessage === undefined) return null;
  const notes = [
    ...(order.giftHidePrices ? [GIFT_TEXT.pricesHidden] : []),
    ...(order.giftRecipientEmail ? [GIFT_TEXT.recipientEmailShown(order.giftRecipientEmail)] : []),
  ];
  return (
    <>
      <SectionTitle>{GIFT_TEXT.badge}</SectionTitle>
      {order.giftMessage ? (
        <Quoted text={order.giftMessage} />
      ) : (
        <Lines lines={[GIFT_TEXT.noMessage]} />
      )}
      {notes.length > 0 && <Lines lines={notes} />}
    </>
  );
}

/** Each instrument and what it paid: "Gift card ending in 5R64 — $100.00" (issue 35). */
export function paymentLines(payments: OrderEmailData['payments']): string[] {
  return payments.map((payment) =>
    oneLine(paymentLine({ ...payment, last4: payment.last4 && oneLine(payment.last4) })),
  );
}

/** What a refund gave back to each instrument (issue 35), under "Refunded to"; nothing without. */
export function RefundedTo({ parts }: { parts: OrderEmailData['payments'] | undefined }) {
  if (!parts || parts.length === 0) return null;
  return (
    <>
      <SectionTitle>Refunded to</SectionTitle>
      <Lines lines={paymentLines(parts)} />
    </>
  );
}

/**
 * The items (quantity × name, line total) and the order's subtotal, its discount code's line
 * ("Discount (WINTER10) −$4.50", issue 42), tax and total.
 */
export function OrderTable({ data }: { data: OrderEmailData }) {
  const { order, items } = data;
  const total = (label: string, cents: number, strong = false, sign = '') => (
    <tr>
      <td style={{ ...cell, borderBottom: 'none', ...(strong ? { fontWeight: 'bold' } : {}) }}>
        {label}
      </td>
      <td
        style={{
          ...cell,
          ...right,
          borderBottom: 'none',
          ...(strong ? { fontWeight: 'bold' } : {}),
        }}
      >
        {`${sign}${formatCents(cents)}`}
      </td>
    </tr>
  );
  return (
    <Section>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        data-text-format="dataTable"
        style={{ borderCollapse: 'collapse' }}
      >
        <tbody>
          <tr>
            <th align="left" style={head}>
              Item
            </th>
            <th align="right" style={{ ...head, ...right }}>
              Price
            </th>
          </tr>
          {items.map((item, index) => (
            <tr key={index}>
              <td style={cell}>
                {`${item.quantity} × ${itemName(item)}`}
                <br />
                <span
                  style={muted}
                >{`SKU ${oneLine(item.sku)}, ${formatCents(item.unitPriceCents)} each`}</span>
              </td>
              <td style={{ ...cell, ...right }}>
                {formatCents(item.unitPriceCents * item.quantity)}
              </td>
            </tr>
          ))}
          {total('Subtotal', order.subtotalCents)}
          {order.discountCode &&
            (order.discountCents ?? 0) > 0 &&
            total(
              `Discount (${oneLine(order.discountCode)})`,
              order.discountCents ?? 0,
              false,
              '−',
            )}
          {/* Gift cards carry no sales tax: no rate to read (issue 39 point 2). */}
          {!giftCardsOnly(items) &&
            total(`Sales tax (${formatRate(order.taxRate)})`, order.taxCents)}
          {total('Total', order.totalCents, true)}
        </tbody>
      </table>
    </Section>
  );
}
