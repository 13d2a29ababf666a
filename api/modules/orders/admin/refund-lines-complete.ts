import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  auditLog,
  orderRefunds,
  type OrderItemRow,
  type OrderRefundRow,
  type OrderRow,
} from '../../../db/schema';
import { release, reservationOf, stockChangeOf, type StockChange } from '../../inventory';
import { enqueueMail, linesRefundedEmail } from '../../mail';
import { refundedTo } from '../order-money';
import { orderItemsOf } from '../repository';
import type { LineRefundBody } from '../../../../core/admin/line-refund';
import { isGiftCardKind } from '../../../../core/product/kind';
import { audit, type Actor, type AdminDeps } from './deps';
import { LINES_REFUND_ACTION, lockedOrder, titleOf, type RecordedLine } from './refund-lines-parts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Step 3, once per refund (the order's row locked; the refund's audit row says it was done): the
 * units asked go back to stock through the inventory module, the audit row with the reason, and
 * the customer's email. Answers the stock change to announce, or null when done before.
 */
export async function complete(
  deps: AdminDeps,
  actor: Actor,
  refund: OrderRefundRow,
  body: LineRefundBody,
): Promise<StockChange | null> {
  return deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, refund.orderId);
    const [done] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
    if (!order || done?.status !== 'succeeded') return null;
    if (await completedBefore(tx, refund)) return null;
    const items = await orderItemsOf(tx, refund.orderId);
    const lines = done.lines as RecordedLine[];
    const back = lines
      .filter((line) => (line.restocked ?? 0) > 0)
      .map((line) => {
        const item = items.find((candidate) => candidate.id === line.orderItemId)!;
        return { ...item, quantity: line.restocked! };
      });
    const reservation = reservationOf(back);
    await release(tx, reservation);
    await audit(tx, actor, {
      action: LINES_REFUND_ACTION,
      entity: 'order',
      entityId: refund.orderId,
      after: {
        status: 'succeeded',
        refundId: refund.id,
        amountCents: done.amountCents,
        lines: lines.map((line) => ({
          orderItemId: line.orderItemId,
          title: titleOf(items.find((item) => item.id === line.orderItemId)!),
          quantity: line.quantity,
          amountCents: line.amountCents,
          restocked: line.restocked ?? 0,
        })),
        reason: body.reason,
      },
    });
    await tellCustomer(tx, deps, order, done, items, lines);
    return stockChangeOf(reservation);
  });
}

/** The refund's audit row with `succeeded` exists: step 3 ran already. */
async function completedBefore(tx: Tx, refund: OrderRefundRow): Promise<boolean> {
  const [recorded] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, LINES_REFUND_ACTION),
        eq(auditLog.entityId, refund.orderId),
        sql`${auditLog.after}->>'refundId' = ${refund.id}`,
        sql`${auditLog.after}->>'status' = 'succeeded'`,
      ),
    );
  return Boolean(recorded);
}

/** The customer's email: the lines, where the money went, the cards voided and what they kept. */
async function tellCustomer(
  tx: Tx,
  deps: AdminDeps,
  order: OrderRow,
  done: OrderRefundRow,
  items: OrderItemRow[],
  lines: RecordedLine[],
) {
  const cards = lines.filter((line) =>
    isGiftCardKind(items.find((item) => item.id === line.orderItemId)!),
  );
  const cardUnits = cards.reduce((n, line) => n + line.quantity, 0);
  const cardValue = cards.reduce((sum, line) => {
    const item = items.find((candidate) => candidate.id === line.orderItemId)!;
    return sum + item.unitPriceCents * line.quantity;
  }, 0);
  const mail = await linesRefundedEmail(
    {
      number: order.number,
      firstname: order.firstname,
      amountCents: done.amountCents,
      items: lines.map((line) => {
        const item = items.find((candidate) => candidate.id === line.orderItemId)!;
        return { title: item.title, variantTitle: item.variantTitle, quantity: line.quantity };
      }),
      refundedTo: await refundedTo(tx, done.idempotencyKey),
      cardsVoided: cardUnits,
      keptBackCents: Math.max(
        0,
        cardValue - cards.reduce((sum, line) => sum + line.amountCents, 0),
      ),
    },
    deps.shop,
  );
  await enqueueMail(tx, { kind: 'order.refunded', to: order.email, ...mail });
}
