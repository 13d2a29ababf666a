import { lineRefund, type RefundableOrderLine } from './line-refund';

/**
 * What a return's refund gives back (issue 14, made exact in issue 25 point 3, and since issue 35
 * point 6 read from the lines' own tax), computed the same way by the server that records it and
 * the back office's page that asks to confirm it.
 */

/** An order line as a refund sees it: what was bought, its own tax, what already went back. */
export type RefundableLine = RefundableOrderLine;

export interface RefundAmount {
  amountCents: number;
  /** The sales tax this refund gives back: the sum of the chosen lines' shares of their own tax. */
  taxCents: number;
  lines: { orderItemId: string; quantity: number; amountCents: number }[];
}

/**
 * Each chosen line gives back its price and its share of its own tax (`lineRefund`, the rule the
 * owner's refund of lines follows too); a line's shares over all its refunds sum to its tax, and a
 * gift card line has none. The refund that gives back the last units of the order gives back the
 * rest of what was paid, so the order nets exactly 0; a gap bigger than a cent a unit is an
 * earlier refund made outside these lines, and the lines' sum stands. The last line takes the
 * difference.
 */
export function refundAmount(
  orderLines: RefundableLine[],
  chosen: { orderItemId: string; quantity: number }[],
  paidCents: number,
  refundedCents: number,
): RefundAmount {
  const figures = lineRefund(orderLines, chosen);
  const lines = figures.lines.map(({ orderItemId, quantity, amountCents }) => ({
    orderItemId,
    quantity,
    amountCents,
  }));
  const sum = figures.amountCents;
  const taxCents = figures.taxCents;
  const rest = paidCents - refundedCents;
  const allUnits = orderLines.reduce((n, line) => n + line.quantity, 0);
  if (lines.length === 0 || !figures.everyUnit || rest <= 0 || Math.abs(rest - sum) > allUnits) {
    return { amountCents: sum, taxCents, lines };
  }
  lines[lines.length - 1]!.amountCents += rest - sum;
  return { amountCents: rest, taxCents, lines };
}
