import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderIssueReports, orderItems, returnRequestItems, returnRequests } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { orderRequestEmail, type ShopDetails } from '../mail/templates';
import { lockOrder } from './fulfilment';
import { findOwnOrder } from './history';
import {
  HISTORY_MESSAGES,
  type IssueReportBody,
  type ReturnRequestBody,
} from '../../../core/orders/history-model';
import type { Customer } from './ownership';
import { isReturnable, withinReturnWindow } from './returns-policy';

export interface OrderRequestDependencies {
  db: Db;
  shop: ShopDetails;
  onMailQueued?: () => void;
}

export interface RequestingCustomer extends Customer {
  firstname: string;
  lastname: string;
}

/**
 * POST /orders/issue: 'Report an Issue' on one of the customer's shipped orders. The report is
 * stored against the order and the shop is emailed (reply-to the customer) in one transaction.
 */
export async function reportIssue(
  deps: OrderRequestDependencies,
  customer: RequestingCustomer,
  body: IssueReportBody,
): Promise<{ _id: string }> {
  const order = await findOwnOrder(deps.db, customer, body.id);
  if (!order) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.notFound);
  if (order.shippingStatus !== 'shipped') {
    throw new AppError('CONFLICT', HISTORY_MESSAGES.notShipped);
  }
  const email = await orderRequestEmail(
    {
      kind: 'issue',
      number: order.number,
      customerEmail: customer.email,
      customerName: `${customer.firstname} ${customer.lastname}`,
      message: body.message,
    },
    deps.shop,
  );
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orderIssueReports)
      .values({ orderId: order.id, userId: customer.id, message: body.message })
      .returning({ id: orderIssueReports.id });
    await enqueueMail(tx, {
      kind: 'order.issue',
      to: deps.shop.shopEmail,
      replyTo: customer.email,
      ...email,
    });
    return row!.id;
  });
  deps.onMailQueued?.();
  return { _id: id };
}

/**
 * POST /orders/return: 'Start a Return' on one of the customer's delivered orders, within 14 days
 * of delivery, for lines the return policy allows back (all of them when none are named). Stored
 * as a `requested` return request with its lines, and the shop emailed, in one transaction; the
 * owner moves it on (approved, received, refunded or declined). One request per order that is not
 * declined, however many arrive at once (they take turns on the order's row).
 */
export async function startReturn(
  deps: OrderRequestDependencies,
  customer: RequestingCustomer,
  body: ReturnRequestBody,
): Promise<{ _id: string; status: 'requested' }> {
  const { db } = deps;
  const order = await findOwnOrder(db, customer, body.id);
  if (!order) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.notFound);
  if (!withinReturnWindow(order)) throw new AppError('CONFLICT', HISTORY_MESSAGES.returnClosed);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const chosen = body.items
    ? lines.filter((line) => body.items!.includes(line.id))
    : lines.filter(isReturnable);
  if (body.items && (chosen.length !== new Set(body.items).size || !chosen.every(isReturnable))) {
    throw new AppError('INVALID_DATA', HISTORY_MESSAGES.itemNotReturnable);
  }
  if (chosen.length === 0) throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingReturnable);

  const email = await orderRequestEmail(
    {
      kind: 'return',
      number: order.number,
      customerEmail: customer.email,
      customerName: `${customer.firstname} ${customer.lastname}`,
      message: body.message,
      items: chosen.map(({ title, variantTitle, quantity }) => ({ title, variantTitle, quantity })),
    },
    deps.shop,
  );
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
      .values({ orderId: order.id, userId: customer.id, message: body.message })
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
      replyTo: customer.email,
      ...email,
    });
    return row!.id;
  });
  deps.onMailQueued?.();
  return { _id: id, status: 'requested' };
}
