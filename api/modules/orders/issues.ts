import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderIssueReports,
  orderItems,
  returnRequestItems,
  returnRequests,
  type OrderRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail, orderRequestEmail, requestReceivedEmail, type ShopDetails } from '../mail';
import { lockOrder } from './fulfilment';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { findOwnOrder, lineExclusion, returnsOf } from './history';
import {
  HISTORY_MESSAGES,
  returnReasonText,
  type IssueReportBody,
  type ReturnRequestBody,
} from '../../../core/orders/history-model';
import type { Customer } from './ownership';
import { withinReturnWindow } from './returns-policy';

export interface OrderRequestDependencies {
  db: Db;
  shop: ShopDetails;
  onMailQueued?: () => void;
}

/**
 * Who sends a report or a return: the signed-in account (whose email and name the shop answers),
 * or the holder of the order's signed link (the order's own email and name then).
 */
export interface Requester {
  customer: Customer;
  account?: { id: string; email: string; firstname: string; lastname: string };
}

function contactOf(requester: Requester, order: OrderRow) {
  const { account } = requester;
  return {
    userId: account?.id ?? order.userId,
    email: account?.email ?? order.email,
    firstname: account?.firstname ?? order.firstname,
    name: account
      ? `${account.firstname} ${account.lastname}`
      : `${order.firstname} ${order.lastname}`,
  };
}

/**
 * POST /orders/issue: 'Report an Issue' on one of the customer's shipped orders. The report is
 * stored against the order, the shop is emailed (reply-to the customer) and the customer gets an
 * acknowledgement, in one transaction.
 */
export async function reportIssue(
  deps: OrderRequestDependencies,
  requester: Requester,
  body: IssueReportBody,
): Promise<{ _id: string }> {
  const order = await findOwnOrder(deps.db, requester.customer, body.id);
  if (!order) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.notFound);
  if (order.shippingStatus !== ORDER_STATE.shipped) {
    throw new AppError('CONFLICT', HISTORY_MESSAGES.notShipped);
  }
  const contact = contactOf(requester, order);
  const request = {
    kind: 'issue' as const,
    number: order.number,
    customerEmail: contact.email,
    customerName: contact.name,
    firstname: contact.firstname,
    message: body.message,
  };
  const [toShop, toCustomer] = await Promise.all([
    orderRequestEmail(request, deps.shop),
    requestReceivedEmail(request, deps.shop),
  ]);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orderIssueReports)
      .values({ orderId: order.id, userId: contact.userId, message: body.message })
      .returning({ id: orderIssueReports.id });
    await enqueueMail(tx, {
      kind: 'order.issue',
      to: deps.shop.shopEmail,
      replyTo: contact.email,
      ...toShop,
    });
    await enqueueMail(tx, { kind: 'order.issue-received', to: contact.email, ...toCustomer });
    return row!.id;
  });
  deps.onMailQueued?.();
  return { _id: id };
}

/**
 * POST /orders/return: 'Start a Return' on one of the customer's delivered orders, within 14 days
 * of delivery, for lines the return policy allows back (all of them when none are named) and that
 * no declined return named. Stored as a `requested` return request with its reason and lines, the
 * shop emailed and the customer acknowledged, in one transaction; the owner moves it on (approved,
 * received, refunded or declined). One request per order that is not declined, however many
 * arrive at once (they take turns on the order's row).
 */
export async function startReturn(
  deps: OrderRequestDependencies,
  requester: Requester,
  body: ReturnRequestBody,
): Promise<{ _id: string; status: 'requested' }> {
  const { db } = deps;
  const order = await findOwnOrder(db, requester.customer, body.id);
  if (!order) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.notFound);
  if (!withinReturnWindow(order)) throw new AppError('CONFLICT', HISTORY_MESSAGES.returnClosed);
  const [lines, earlier] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    returnsOf(db, [order.id]),
  ]);
  const returnable = (line: (typeof lines)[number]) => lineExclusion(line, earlier) === null;
  const chosen = body.items
    ? lines.filter((line) => body.items!.includes(line.id))
    : lines.filter(returnable);
  if (body.items && (chosen.length !== new Set(body.items).size || !chosen.every(returnable))) {
    throw new AppError('INVALID_DATA', HISTORY_MESSAGES.itemNotReturnable);
  }
  if (chosen.length === 0) throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingReturnable);

  const contact = contactOf(requester, order);
  const request = {
    kind: 'return' as const,
    number: order.number,
    customerEmail: contact.email,
    customerName: contact.name,
    firstname: contact.firstname,
    message: returnReasonText(body.reason, body.message),
    items: chosen.map(({ title, variantTitle, quantity }) => ({ title, variantTitle, quantity })),
  };
  const [toShop, toCustomer] = await Promise.all([
    orderRequestEmail(request, deps.shop),
    requestReceivedEmail(request, deps.shop),
  ]);
  const id = await db.transaction(async (tx) => {
    // The order's row lock makes requests for one order take turns: locking its returns alone
    // locked nothing while there were none, and five at once filed five.
    await lockOrder(tx, order.id, 'update');
    const [open] = await tx
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(
        and(
          eq(returnRequests.orderId, order.id),
          inArray(returnRequests.status, ['requested', 'approved', 'received', 'refunded']),
        ),
      )
      .limit(1);
    if (open) throw new AppError('CONFLICT', HISTORY_MESSAGES.returnStarted);
    const [row] = await tx
      .insert(returnRequests)
      .values({
        orderId: order.id,
        userId: contact.userId,
        reason: body.reason,
        message: body.message,
      })
      .returning({ id: returnRequests.id });
    await tx.insert(returnRequestItems).values(
      chosen.map((line) => ({
        returnRequestId: row!.id,
        orderItemId: line.id,
        quantity: line.quantity,
      })),
    );
    await enqueueMail(tx, {
      kind: 'order.return',
      to: deps.shop.shopEmail,
      replyTo: contact.email,
      ...toShop,
    });
    await enqueueMail(tx, { kind: 'order.return-received', to: contact.email, ...toCustomer });
    return row!.id;
  });
  deps.onMailQueued?.();
  return { _id: id, status: 'requested' };
}
