import { declineBody, refundBody } from '../../../core/admin/model';
import { refundAmount } from '../../../core/admin/refund-amount';
import { receiveBody } from '../../../core/admin/return-restock';
import { formatCents } from '../../../core/money';
import { lineName, restockBody, type RestockChoice } from './ReturnRestockFields';
import type { ReturnDetail } from './useReturnDetail';

export type Action = 'approve' | 'decline' | 'receive' | 'refund';

export const STEP_TEXT: Record<Action, { label: string; done: string }> = {
  approve: {
    label: 'Approve',
    done: 'Approved; the customer was emailed the return instructions.',
  },
  decline: { label: 'Decline', done: 'Declined; the customer was emailed the reason.' },
  receive: {
    label: 'Mark received',
    done: 'Marked received; the units back on sale are in stock. You can refund it now.',
  },
  refund: { label: 'Refund', done: 'Refunded; the customer was emailed.' },
};

/** The API's own schema for what an action sends (approve sends nothing to check). */
export const STEP_SCHEMA = {
  approve: null,
  decline: declineBody,
  receive: receiveBody,
  refund: refundBody,
} as const;

/**
 * The lines the owner chose to refund (whole, positive units only) and what the server will give
 * back for them (it decides the same way, refund-amount.ts).
 */
export function refundOf(data: ReturnDetail, quantities: Record<string, string>) {
  const lines = data.lines
    .map((line) => ({ orderItemId: line.id, quantity: Number(quantities[line.id] ?? 0) }))
    .filter(({ quantity }) => Number.isInteger(quantity) && quantity > 0);
  const cents = refundAmount(
    data.lines,
    lines,
    data.order.totalCents,
    data.refundedCents,
  ).amountCents;
  return { lines, cents };
}

/** What the customer is sending back, as one line of text. */
export function sendingBack(items: ReturnDetail['items']) {
  return items
    .map(
      (item) =>
        `${item.quantity} × ${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
    )
    .join(', ');
}

/** The question the confirm step asks before an action. */
export function confirmSummary(
  action: Action,
  data: ReturnDetail,
  restock: Record<string, RestockChoice>,
  refundCents: number,
): string {
  const { order } = data;
  if (action === 'approve')
    return `Approve this return for order ${order.number}? ${order.email} is emailed the return instructions.`;
  if (action === 'decline')
    return `Decline this return for order ${order.number}? ${order.email} is emailed your reason.`;
  if (action === 'refund')
    return `Refund ${formatCents(refundCents)} for order ${order.number} to the customer's card?`;
  const backOnSale = restockBody(data.items, restock)
    .restock.map((line, i) => `${line.quantity} × ${lineName(data.items[i]!)}`)
    .join(', ');
  return `Mark the parcel for order ${order.number} received? Back on sale: ${backOnSale || 'nothing'}.`;
}
