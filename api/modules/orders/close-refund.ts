import type { Db } from '../../db/client';
import { lineNetShare, lineTaxShare } from '../../../core/admin/line-refund';
import type { OrderRow } from '../../db/schema';
import type { CloseDependencies } from './close';
import { refundableOf, refundedSoFar, refundPayments, type RefundOutcome } from './refund-payments';
import { orderItemsOf } from './repository';

/*
 * What closing an order gives back (./close.ts): what was paid less what was kept back, line by
 * line, under one gateway key per order so a retried close never refunds twice.
 */

/** The gateway idempotency key of an order's closing refund: one per order, so one refund. */
export function refundKeyFor(orderId: string): string {
  return `order-${orderId}-cancel-refund`;
}

/** The refund made, and what was kept back of it (never more than was left to give back). */
export interface GivenBack {
  refund: RefundOutcome;
  keptBackCents: number;
}

/** Gives back what was paid less what the cards it bought already paid for. */
export async function giveBack(
  deps: CloseDependencies,
  order: OrderRow,
  keptBackCents: number,
  actorEmail: string,
): Promise<GivenBack> {
  const key = refundKeyFor(order.id);
  const refundable = await refundableOf(deps.db, order, key);
  const open = refundable.giftCardCents + refundable.cardCents;
  // An owner's refund of everything leaves nothing to keep back from: nothing is said kept.
  const kept = Math.min(keptBackCents, open);
  const amountCents = open - kept;
  if (amountCents === 0) return { refund: { giftCardCents: 0, cardCents: 0 }, keptBackCents: kept };
  const refund = await refundPayments(deps, order, {
    amountCents,
    key,
    actorEmail,
    reason: 'order canceled',
    // What is kept back comes off the gift-card lines it bought; the tax left all goes back.
    taxCents: Math.max(0, order.taxCents - (await refundedSoFar(deps.db, order.id, key)).taxCents),
    lines: await refundLines(deps.db, order, kept),
  });
  return { refund, keptBackCents: kept };
}

/** The order's lines with the units no earlier refund gave back (the closing refund's own aside). */
export async function unitsNotRefunded<Item extends { id: string; quantity: number }>(
  tx: Db,
  orderId: string,
  items: Item[],
): Promise<Item[]> {
  const { byLine } = await refundedSoFar(tx, orderId, refundKeyFor(orderId));
  return items
    .map((item) => ({ ...item, quantity: item.quantity - (byLine.get(item.id) ?? 0) }))
    .filter((item) => item.quantity > 0);
}

/**
 * The closing refund's lines: each line's units not yet given back, at their price less their
 * share of the line's discount (issue 42) plus their share of the line's own tax (`lineTaxShare`, as the owner's refund of lines; a gift card line
 * has none), less what is kept back off the gift-card lines. Their sum is what the close refunds
 * when no earlier refund gave back an amount without lines.
 */
async function refundLines(tx: Db, order: OrderRow, keptBackCents: number) {
  let kept = keptBackCents;
  const { byLine } = await refundedSoFar(tx, order.id, refundKeyFor(order.id));
  const lines = (await orderItemsOf(tx, order.id)).map((item) => ({
    ...item,
    refundedQuantity: byLine.get(item.id) ?? 0,
  }));
  return lines
    .filter((line) => line.quantity > line.refundedQuantity)
    .map((line) => {
      const units = line.quantity - line.refundedQuantity;
      const gross = lineNetShare(line, units) + lineTaxShare(line, units);
      const off = line.kind === 'gift_card' ? Math.min(kept, gross) : 0;
      kept -= off;
      return { orderItemId: line.id, quantity: units, amountCents: gross - off };
    });
}
