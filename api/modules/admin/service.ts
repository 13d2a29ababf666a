import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLog,
  contactMessages,
  inboxReads,
  orderIssueReports,
  orderItems,
  orders,
  returnRequests,
  outbox,
  payments,
  productVariants,
  products,
  VISIBLE_ORDER_STATUSES,
  type OrderRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import type { ShopDetails } from '../mail/templates/shop';
import type { SignedInUser } from '../../plugins/auth';
import { completeCancellation, retryCancellation, type CancelDependencies } from '../orders/cancel';
import {
  markDelivered as deliver,
  markShipped as ship,
  moveFromUnfulfilled,
} from '../orders/fulfilment';
import { catalogueChanged } from '../product/invalidate';
import { revenueChartSvg } from './chart';
import { orderShippedEmail } from './emails';
import {
  ADMIN_MESSAGES,
  isCarrier,
  trackingUrl,
  type OrderListQuery,
  type SetStockBody,
  type ShipBody,
} from '../../../core/admin/model';

export const ORDERS_PAGE_SIZE = 25;
/** At or below this many units a product counts as low on stock (issue 14). */
export const LOW_STOCK = 5;

export interface AdminDeps {
  db: Db;
  shop: ShopDetails;
  /** The gateway's refunds, for cancel-and-refund and its retry (h-history's cancel.ts). */
  gateway: CancelDependencies['gateway'];
  onMailQueued?: () => void;
  /** The data folder (DATA_DIR): uploaded product images live under its uploads/ folder. */
  dataDir: string;
}

type Actor = Pick<SignedInUser, 'id' | 'email'>;

/** One row of the audit log, written in the transaction of the change it records. */
export async function audit(
  tx: Db,
  actor: Actor,
  entry: {
    action: string;
    entity: string;
    entityId: string;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

const statusFilter = (status: OrderListQuery['status']): SQL | undefined => {
  switch (status) {
    case 'all':
      return undefined;
    case 'open':
      // What the shop still has to act on, plus what is on its way.
      return inArray(orders.shippingStatus, ['unfulfilled', 'shipped', 'refund_failed']);
    default:
      return eq(orders.shippingStatus, status as OrderRow['shippingStatus']);
  }
};

/** GET /admin/orders: paid orders, unfulfilled first, oldest first; by number or email. */
export async function listOrders(db: Db, query: OrderListQuery) {
  const conditions: (SQL | undefined)[] = [
    // Orders that were never paid are not the owner's to fulfil.
    inArray(orders.shippingStatus, [...VISIBLE_ORDER_STATUSES, 'canceling', 'refund_failed']),
    statusFilter(query.status),
  ];
  const q = query.q?.trim();
  if (q) {
    const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : undefined;
    conditions.push(
      number !== undefined
        ? or(eq(orders.number, number), ilike(orders.email, `%${q}%`))
        : ilike(orders.email, `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      firstname: orders.firstname,
      lastname: orders.lastname,
      status: orders.shippingStatus,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(where)
    .orderBy(
      sql`case when ${orders.shippingStatus} = 'unfulfilled' then 0 else 1 end`,
      asc(orders.createdAt),
    )
    .limit(ORDERS_PAGE_SIZE)
    .offset((query.page - 1) * ORDERS_PAGE_SIZE);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  return {
    orders: rows,
    page: query.page,
    pageSize: ORDERS_PAGE_SIZE,
    total: count?.total ?? 0,
  };
}

/** The audit action of an admin's opening of an order (a customer's data read, not a change). */
export const ORDER_VIEW = 'order.view';

/**
 * GET /admin/orders/:id: everything the owner needs to fulfil or answer for an order. Reading a
 * customer's order is audited (who, when); the order's history lists its changes only.
 */
export async function orderDetail(db: Db, actor: Actor, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  await audit(db, actor, { action: ORDER_VIEW, entity: 'order', entityId: id });
  const [items, charges, emails, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.position)),
    db
      .select({
        provider: payments.provider,
        reference: payments.reference,
        status: payments.status,
        amountCents: payments.amountCents,
        brand: payments.brand,
        last4: payments.last4,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.orderId, id))
      .orderBy(asc(payments.createdAt)),
    // The emails the customer was sent about this order (its number is in every subject).
    db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        subject: outbox.subject,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(
        and(
          eq(outbox.to, order.email),
          gte(outbox.createdAt, order.createdAt),
          sql`${outbox.subject} ~ ${`(^|\\D)${order.number}(\\D|$)`}`,
        ),
      )
      .orderBy(asc(outbox.createdAt)),
    db
      .select({
        action: auditLog.action,
        actorEmail: auditLog.actorEmail,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'order'),
          eq(auditLog.entityId, id),
          ne(auditLog.action, ORDER_VIEW),
        ),
      )
      .orderBy(asc(auditLog.createdAt)),
  ]);
  const { chargeKey: _chargeKey, requestKey: _requestKey, ...visible } = order;
  return {
    order: visible,
    items: items.map(({ stockSkus: _stockSkus, ...item }) => item),
    payments: charges,
    shipment: order.carrier
      ? {
          carrier: order.carrier,
          trackingNumber: order.trackingNumber,
          trackingUrl: isCarrier(order.carrier)
            ? trackingUrl(order.carrier, order.trackingNumber ?? '')
            : null,
          shippedAt: order.shippedAt,
          deliveredAt: order.deliveredAt,
        }
      : null,
    emails,
    history,
  };
}

/**
 * POST /admin/orders/:id/ship. The move out of unfulfilled is one conditional update (the same
 * shape as the customer's cancel), so a cancel and a shipment never both win: the loser gets 409.
 * The shipment, the audit row and the customer's email are written in the same transaction.
 */
export async function markShipped(deps: AdminDeps, actor: Actor, id: string, body: ShipBody) {
  const url = trackingUrl(body.carrier, body.trackingNumber);
  const done = await deps.db.transaction(async (tx) => {
    // h-history's guarded move (api/modules/orders/fulfilment.ts), shared with the customer's cancel.
    const order = await ship(tx, {
      orderId: id,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
    });
    if (!order) return null;
    await audit(tx, actor, {
      action: 'order.ship',
      entity: 'order',
      entityId: id,
      before: { status: 'unfulfilled' },
      after: { status: 'shipped', carrier: body.carrier, trackingNumber: body.trackingNumber },
    });
    const mail = await orderShippedEmail(
      {
        number: order.number,
        firstname: order.firstname,
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        trackingUrl: url,
      },
      deps.shop,
    );
    await enqueueMail(tx, { kind: 'order.shipped', to: order.email, ...mail });
    return {
      status: order.shippingStatus,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: url,
      shippedAt: order.shippedAt,
    };
  });
  if (!done) await refuseTransition(deps.db, id, ADMIN_MESSAGES.notUnfulfilled);
  deps.onMailQueued?.();
  return done!;
}

/** POST /admin/orders/:id/deliver: records the delivery time (the return window starts there). */
export async function markDelivered(deps: AdminDeps, actor: Actor, id: string) {
  const done = await deps.db.transaction(async (tx) => {
    const order = await deliver(tx, id);
    if (!order) return null;
    await audit(tx, actor, {
      action: 'order.deliver',
      entity: 'order',
      entityId: id,
      before: { status: 'shipped' },
      after: { status: 'delivered', deliveredAt: order.deliveredAt?.toISOString() ?? null },
    });
    return { status: order.shippingStatus, deliveredAt: order.deliveredAt };
  });
  if (!done) await refuseTransition(deps.db, id, ADMIN_MESSAGES.notShipped);
  return done!;
}

/**
 * POST /admin/orders/:id/cancel: cancel and refund an unfulfilled order through the customer's own
 * flow (h-history's cancel.ts): the same guarded move out of unfulfilled, one refund key per order,
 * stock back once, the customer emailed. A refund that fails leaves it `refund_failed` (503) for a
 * retry. One audit row either way.
 */
export async function cancelAndRefund(deps: AdminDeps, actor: Actor, id: string) {
  const moved = await moveFromUnfulfilled(deps.db, id, 'canceling', {
    set: { canceledAt: new Date() },
  });
  if (!moved) await refuseTransition(deps.db, id, ADMIN_MESSAGES.notUnfulfilled);
  return finishCancellation(deps, actor, id, 'order.cancel', 'unfulfilled', () =>
    completeCancellation(deps, moved!),
  );
}

/** POST /admin/orders/:id/retry-refund: finishes a cancellation whose refund failed. */
export async function retryRefund(deps: AdminDeps, actor: Actor, id: string) {
  const [current] = await deps.db
    .select({ status: orders.shippingStatus })
    .from(orders)
    .where(eq(orders.id, id));
  if (!current) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  return finishCancellation(deps, actor, id, 'order.retry-refund', current.status, async () => {
    const order = await retryCancellation(deps, id);
    if (!order) throw new AppError('CONFLICT', ADMIN_MESSAGES.notRefundFailed);
    return order;
  });
}

async function finishCancellation(
  deps: AdminDeps,
  actor: Actor,
  id: string,
  action: string,
  before: string,
  run: () => Promise<OrderRow>,
) {
  const record = (after: string) =>
    audit(deps.db, actor, {
      action,
      entity: 'order',
      entityId: id,
      before: { status: before },
      after: { status: after },
    });
  try {
    const order = await run();
    await record(order.shippingStatus);
    return { status: order.shippingStatus };
  } catch (error) {
    if (error instanceof AppError && error.type === 'CONFLICT') throw error;
    const [now] = await deps.db
      .select({ status: orders.shippingStatus })
      .from(orders)
      .where(eq(orders.id, id));
    await record(now?.status ?? 'unknown');
    throw error;
  }
}

async function refuseTransition(db: Db, id: string, message: string): Promise<never> {
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  if (!exists) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  throw new AppError('CONFLICT', message);
}

const unread = (kind: string, id: SQL) =>
  sql`not exists (select 1 from ${inboxReads} where ${inboxReads.kind} = ${kind} and ${inboxReads.itemId} = ${id}::text)`;

/**
 * GET /admin/inbox: contact messages, issue reports and return requests (h-history's tables) in
 * one list, newest first, unread marked.
 */
export async function inbox(db: Db) {
  const contact = await db
    .select({
      id: contactMessages.id,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      orderNumber: contactMessages.orderNumber,
      orderId: sql<string | null>`null`,
      status: sql<string | null>`null`,
      createdAt: contactMessages.createdAt,
      unread: sql<boolean>`${unread('contact', sql`${contactMessages.id}`)}`,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(INBOX_LIMIT);
  const issues = await db
    .select({
      id: orderIssueReports.id,
      email: orders.email,
      subject: sql<string>`'Issue with order ' || ${orders.number}`,
      message: orderIssueReports.message,
      orderNumber: sql<string>`${orders.number}::text`,
      orderId: orders.id,
      status: sql<string | null>`null`,
      createdAt: orderIssueReports.createdAt,
      unread: sql<boolean>`${unread('issue', sql`${orderIssueReports.id}`)}`,
    })
    .from(orderIssueReports)
    .innerJoin(orders, eq(orders.id, orderIssueReports.orderId))
    .orderBy(desc(orderIssueReports.createdAt))
    .limit(INBOX_LIMIT);
  const returns = await db
    .select({
      id: returnRequests.id,
      email: orders.email,
      subject: sql<string>`'Return request for order ' || ${orders.number}`,
      message: returnRequests.message,
      orderNumber: sql<string>`${orders.number}::text`,
      orderId: orders.id,
      status: sql<string | null>`${returnRequests.status}`,
      createdAt: returnRequests.createdAt,
      unread: sql<boolean>`${unread('return', sql`${returnRequests.id}`)}`,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .orderBy(desc(returnRequests.createdAt))
    .limit(INBOX_LIMIT);
  const items = [
    ...contact.map((row) => ({ kind: 'contact' as const, ...row })),
    ...issues.map((row) => ({ kind: 'issue' as const, ...row })),
    ...returns.map((row) => ({ kind: 'return' as const, ...row })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, INBOX_LIMIT);
  return { items };
}

const INBOX_LIMIT = 200;

/** The table of each kind of inbox item. */
const INBOX_TABLES = {
  contact: contactMessages,
  issue: orderIssueReports,
  return: returnRequests,
} as const;
export type InboxKind = keyof typeof INBOX_TABLES;

/** The answer to a mark-read of an id that names no inbox item of its kind. */
export const INBOX_NOT_FOUND = 'There is no such message.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /admin/inbox/:kind/:id/read: marks an inbox item read once, with an audit row, in one
 * transaction. An id that names no item of that kind is 404 and nothing is written. The item's
 * row is locked meanwhile, so two marks at once write one read and one audit row.
 */
export async function markRead(db: Db, actor: Actor, kind: InboxKind, id: string) {
  const table = INBOX_TABLES[kind];
  await db.transaction(async (tx) => {
    const [item] = UUID.test(id)
      ? await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('no key update')
      : [];
    if (!item) throw new AppError('NOT_FOUND', INBOX_NOT_FOUND);
    const [already] = await tx
      .select({ readAt: inboxReads.readAt })
      .from(inboxReads)
      .where(and(eq(inboxReads.kind, kind), eq(inboxReads.itemId, id)));
    if (already) return;
    await tx.insert(inboxReads).values({ kind, itemId: id });
    await audit(tx, actor, {
      action: 'inbox.read',
      entity: kind,
      entityId: id,
      before: { read: false },
      after: { read: true },
    });
  });
  return { ok: true };
}

/** GET /admin/dashboard: what needs the owner today, and the last 30 days. */
export async function dashboard(db: Db) {
  const [toShip] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.shippingStatus, 'unfulfilled'));
  const [refundFailed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.shippingStatus, 'refund_failed'));
  const unreadRows = rowsOf<{ count: number }>(
    await db.execute(sql`select (
      (select count(*) from ${contactMessages} where ${unread('contact', sql`${contactMessages.id}`)})
      + (select count(*) from ${orderIssueReports} where ${unread('issue', sql`${orderIssueReports.id}`)})
      + (select count(*) from ${returnRequests} where ${unread('return', sql`${returnRequests.id}`)})
    )::int as count`),
  );
  const unreadMessages = { count: Number(unreadRows[0]?.count ?? 0) };
  const lowStockVariants = await db
    .select({
      productId: products.id,
      slug: products.slug,
      title: products.title,
      variant: productVariants.title,
      sku: productVariants.sku,
      quantity: productVariants.quantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lte(productVariants.quantity, LOW_STOCK))
    .orderBy(asc(productVariants.quantity), asc(products.title))
    .limit(20);
  const lowStockProducts = await db
    .select({
      productId: products.id,
      slug: products.slug,
      title: products.title,
      variant: sql<string | null>`null`,
      sku: products.sku,
      quantity: sql<number>`${products.quantity}`,
    })
    .from(products)
    .where(
      and(
        lte(products.quantity, LOW_STOCK),
        sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`,
      ),
    )
    .orderBy(asc(products.quantity), asc(products.title))
    .limit(20);
  const days = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
           count(o.id)::int as orders,
           coalesce(sum(o.total_cents), 0)::int as revenue_cents
    from generate_series(current_date - 29, current_date, interval '1 day') as d(day)
    left join ${orders} o
      on o.created_at >= d.day and o.created_at < d.day + interval '1 day'
     and o.shipping_status in ('unfulfilled', 'shipped', 'delivered')
    group by d.day order by d.day`);
  const last30Days = rowsOf<{ day: string; orders: number; revenue_cents: number }>(days).map(
    (row) => ({
      day: row.day,
      orders: Number(row.orders),
      revenueCents: Number(row.revenue_cents),
    }),
  );
  return {
    chartSvg: revenueChartSvg(last30Days),
    toShip: toShip?.count ?? 0,
    refundsFailed: refundFailed?.count ?? 0,
    unreadMessages: unreadMessages?.count ?? 0,
    lowStock: [...lowStockProducts, ...lowStockVariants]
      .sort((a, b) => (a.quantity ?? 0) - (b.quantity ?? 0))
      .slice(0, 20),
    last30Days,
  };
}

/** The rows of `db.execute`, whichever driver answered (PGlite and node-postgres both give `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/**
 * POST /admin/products/stock: sets the units in stock of a variant (or of a product without
 * variants) by SKU, with one audit row, then brings the catalogue read model up to date.
 */
export async function setStock(db: Db, actor: Actor, body: SetStockBody) {
  const result = await db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ id: productVariants.id, quantity: productVariants.quantity })
      .from(productVariants)
      .where(eq(productVariants.sku, body.sku))
      .for('update');
    if (variant) {
      await tx
        .update(productVariants)
        .set({ quantity: body.quantity })
        .where(eq(productVariants.id, variant.id));
      await audit(tx, actor, {
        action: 'product.stock',
        entity: 'variant',
        entityId: variant.id,
        before: { sku: body.sku, quantity: variant.quantity },
        after: { sku: body.sku, quantity: body.quantity },
      });
      return { sku: body.sku, quantity: body.quantity, change: { skus: [body.sku] } };
    }
    const [product] = await tx
      .select({ id: products.id, quantity: products.quantity })
      .from(products)
      .where(eq(products.sku, body.sku))
      .for('update');
    if (!product) return null;
    await tx.update(products).set({ quantity: body.quantity }).where(eq(products.id, product.id));
    await audit(tx, actor, {
      action: 'product.stock',
      entity: 'product',
      entityId: product.id,
      before: { sku: body.sku, quantity: product.quantity },
      after: { sku: body.sku, quantity: body.quantity },
    });
    return { sku: body.sku, quantity: body.quantity, change: { productIds: [product.id] } };
  });
  if (!result) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.skuNotFound);
  // The catalogue read model reads the product back: its pages and search show the new stock.
  const { change, ...answer } = result;
  await catalogueChanged(db, change);
  return answer;
}

/**
 * GET /admin/products: every product and variant with its stock, sold out and low stock (5 or
 * fewer) first, then by title. A product with variants is listed by its variants.
 */
export async function stockList(db: Db) {
  const rows = rowsOf<{
    product_id: string;
    slug: string;
    title: string;
    variant: string | null;
    sku: string;
    quantity: number | null;
    price_cents: number | null;
  }>(
    await db.execute(sql`
      select p.id as product_id, p.slug, p.title, v.title as variant,
             coalesce(v.sku, p.sku) as sku,
             coalesce(v.quantity, p.quantity) as quantity,
             coalesce(v.price_cents, p.price_cents) as price_cents
      from ${products} p
      left join ${productVariants} v on v.product_id = p.id
      order by case when coalesce(v.quantity, p.quantity) <= ${LOW_STOCK} then 0 else 1 end,
               coalesce(v.quantity, p.quantity) nulls last, p.title, v.position`),
  );
  return {
    items: rows.map((row) => ({
      productId: row.product_id,
      slug: row.slug,
      title: row.title,
      variant: row.variant,
      sku: row.sku,
      quantity: row.quantity === null ? null : Number(row.quantity),
      priceCents: row.price_cents === null ? null : Number(row.price_cents),
    })),
  };
}
