import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderItems, returnRequestItems, returnRequests } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { changeStock, release, reservationOf, stockChangeOf } from '../../inventory';
import { RETURN_MESSAGES } from '../../../../core/admin/model';
import { RESTOCK_MESSAGES, type ReceiveBody } from '../../../../core/admin/return-restock';
import { audit, type Actor, type AdminDeps } from './deps';
import { loadReturn } from './returns-lookup';

/** One line put back on sale, as the order's history shows it ("Restocked 2 × Enamel Mug"). */
const restockedLine = (units: number, title: string, variantTitle: string | null) =>
  `Restocked ${units} × ${title}${variantTitle ? ` (${variantTitle})` : ''}`;

/**
 * POST /admin/returns/:id/receive: approved → received (the parcel is back), and the units the
 * owner puts back on sale (issue 25 point 4) go back to their product's or variant's stock, in one
 * transaction through the inventory's `changeStock` (low-stock, back-in-stock, the catalogue),
 * so the product page and search show them at once. The move is a conditional update, which holds the request's row: of two "received" at
 * once, the second waits, finds it received and is refused (409), so the units go back once. Each
 * line's units are checked against what the return sends back; any refusal writes nothing.
 */
export async function receiveReturn(deps: AdminDeps, actor: Actor, id: string, body: ReceiveBody) {
  let moved = false;
  await changeStock(deps.db, async (tx) => {
    const [row] = await tx
      .update(returnRequests)
      .set({ status: 'received', updatedAt: new Date() })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'approved')))
      .returning({ orderId: returnRequests.orderId });
    if (!row) return {};
    moved = true;
    const lines = await restockLines(tx, id, body);
    await audit(tx, actor, {
      action: 'return.received',
      entity: 'return',
      entityId: id,
      before: { status: 'approved' },
      after: { status: 'received', orderId: row.orderId },
    });
    if (lines.length === 0) return {};
    const reservation = reservationOf(lines);
    await release(tx, reservation);
    await audit(tx, actor, {
      action: 'order.restock',
      entity: 'order',
      entityId: row.orderId,
      after: {
        returnId: id,
        restocked: lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity })),
        lines: lines.map((line) => restockedLine(line.quantity, line.title, line.variantTitle)),
      },
    });
    return stockChangeOf(reservation);
  });
  if (!moved) {
    if (!(await loadReturn(deps.db, id))) throw new AppError('NOT_FOUND', RETURN_MESSAGES.notFound);
    throw new AppError('CONFLICT', RETURN_MESSAGES.notApproved);
  }
  return { id, status: 'received' as const };
}

/**
 * The returned lines with the units to put back (none left out), each checked against the units
 * the return sends back: a line not in the return, or more units than it sends, refuses it all.
 */
async function restockLines(tx: Db, id: string, body: ReceiveBody) {
  const returned = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      stockSkus: orderItems.stockSkus,
      title: orderItems.title,
      variantTitle: orderItems.variantTitle,
      returnedQuantity: returnRequestItems.quantity,
    })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(eq(returnRequestItems.returnRequestId, id));
  const byId = new Map(returned.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const lines = [];
  for (const { orderItemId, quantity } of body.restock) {
    const line = byId.get(orderItemId);
    if (!line || seen.has(orderItemId)) {
      throw new AppError('INVALID_DATA', RESTOCK_MESSAGES.lineNotReturned);
    }
    seen.add(orderItemId);
    if (quantity > line.returnedQuantity) {
      throw new AppError('INVALID_DATA', RESTOCK_MESSAGES.units);
    }
    if (quantity > 0) lines.push({ ...line, quantity });
  }
  return lines;
}
