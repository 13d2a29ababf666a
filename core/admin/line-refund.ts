import { z } from 'zod';
import { isPlainText } from '../plain-text';

/**
 * The owner's refund of chosen lines and units of an order (issue 39 item 7), from the order page:
 * any line, with or without a return, whatever its price. Its amount is computed the same way by
 * the page that asks to confirm it and the server that makes it.
 */

export const LINE_REFUND_TEXT = {
  lines: 'Choose at least one line and a quantity to refund.',
  reason: 'Say why you refund these items, in 3 to 500 characters.',
  lineNotInOrder: 'This line is not part of the order.',
  /** A second refund of the same unit (or two refunds at once): the second is refused. */
  alreadyRefunded: (title: string, left: number) =>
    left === 0
      ? `Every unit of ${title} was already refunded.`
      : `Only ${left} of ${title} can still be refunded; the others were already refunded.`,
  tooMuch: 'This refund is more than what is left to refund of the order.',
  /** A bought gift card that already paid for its whole amount has nothing left to give back. */
  cardsSpent: 'Nothing is left to refund: the gift cards of these units have already been spent.',
  notAllowed: 'This order cannot be refunded in its current state.',
  done: (amount: string) => `Refunded ${amount}; the customer was emailed.`,
  closed: (amount: string) =>
    `Refunded ${amount}; every item is refunded, so the order is closed and the customer was emailed.`,
  restock: 'Put the refunded units back in stock',
  confirm: (amount: string, number: number, restock: boolean) =>
    `Refund ${amount} of order ${number} to the customer${restock ? ' and put the units back in stock' : ''}? The customer is emailed. This cannot be undone.`,
} as const;

export const lineRefundBody = z.object({
  /** Made by the browser once per refund form, so a retried click refunds once. */
  idempotencyKey: z.uuid(),
  lines: z
    .array(
      z.object({
        orderItemId: z.uuid({ error: LINE_REFUND_TEXT.lineNotInOrder }),
        quantity: z.coerce
          .number({ error: LINE_REFUND_TEXT.lines })
          .int(LINE_REFUND_TEXT.lines)
          .min(1, LINE_REFUND_TEXT.lines)
          .max(1000, LINE_REFUND_TEXT.lines),
      }),
    )
    .min(1, LINE_REFUND_TEXT.lines)
    .max(50, LINE_REFUND_TEXT.lines),
  /** Why, kept with the refund (the audit row and the order's history); not mailed. */
  reason: z
    .string({ error: LINE_REFUND_TEXT.reason })
    .trim()
    .min(3, LINE_REFUND_TEXT.reason)
    .max(500, LINE_REFUND_TEXT.reason)
    .refine((text) => isPlainText(text, { lineBreaks: true }), LINE_REFUND_TEXT.reason),
  /** Put the refunded goods back in stock: off unless asked (a refund without a return). */
  restock: z.boolean().default(false),
});
export type LineRefundBody = z.infer<typeof lineRefundBody>;

/** An order line as a refund sees it: what was bought, its own tax, what already went back. */
export interface RefundableOrderLine {
  id: string;
  quantity: number;
  unitPriceCents: number;
  /** The line's own sales tax, in cents (order_items.tax_cents), on its discounted net. */
  taxCents: number;
  /** The line's share of the order's discount code, in cents (issue 42); absent: none. */
  discountCents?: number | undefined;
  refundedQuantity: number;
}

/**
 * The discount `units` more units of a line keep after `refunded` went back (issue 42): the line's
 * discount share of all the units refunded so far, rounded down, less the share of those before.
 * Refunding every unit, in one refund or in parts, keeps back exactly the line's discount.
 */
export function lineDiscountShare(line: RefundableOrderLine, units: number): number {
  const discount = line.discountCents ?? 0;
  const share = (n: number) =>
    line.quantity === 0 ? 0 : Math.floor((discount * n) / line.quantity);
  return share(line.refundedQuantity + units) - share(line.refundedQuantity);
}

/**
 * What `units` more units of a line were paid before tax: their price less their share of the
 * line's discount. Over all its refunds, a line's nets add up to unit price × quantity − discount.
 */
export const lineNetShare = (line: RefundableOrderLine, units: number): number =>
  line.unitPriceCents * units - lineDiscountShare(line, units);

/**
 * The tax `units` more units of a line give back after `refunded` went back: the line's tax share
 * of all the units refunded so far, less the share of those before. Each share is rounded, and
 * their sum over every refund of the line is exactly the line's tax.
 */
export function lineTaxShare(line: RefundableOrderLine, units: number): number {
  const share = (n: number) =>
    line.quantity === 0 ? 0 : Math.round((line.taxCents * n) / line.quantity);
  return share(line.refundedQuantity + units) - share(line.refundedQuantity);
}

export interface LineRefundPart {
  orderItemId: string;
  quantity: number;
  amountCents: number;
  taxCents: number;
}

/**
 * What refunding `chosen` gives back, line by line: each line's price times the units, less their
 * share of the line's discount (issue 42), plus their share of the line's own tax. `everyUnit`: with it, every unit of the order is refunded (the
 * refund then gives back the rest of what was paid, and the order closes).
 */
export function lineRefund(
  orderLines: RefundableOrderLine[],
  chosen: { orderItemId: string; quantity: number }[],
): { lines: LineRefundPart[]; amountCents: number; taxCents: number; everyUnit: boolean } {
  const lines = chosen.map(({ orderItemId, quantity }) => {
    const line = orderLines.find((candidate) => candidate.id === orderItemId);
    if (!line) return { orderItemId, quantity, amountCents: 0, taxCents: 0 };
    const taxCents = lineTaxShare(line, quantity);
    return {
      orderItemId,
      quantity,
      amountCents: lineNetShare(line, quantity) + taxCents,
      taxCents,
    };
  });
  const chosenOf = (id: string) =>
    chosen.filter((line) => line.orderItemId === id).reduce((n, line) => n + line.quantity, 0);
  return {
    lines,
    amountCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    taxCents: lines.reduce((sum, line) => sum + line.taxCents, 0),
    everyUnit: orderLines.every(
      (line) => line.refundedQuantity + chosenOf(line.id) >= line.quantity,
    ),
  };
}
