import { and, asc, eq, gt, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client';
import { orderItems, orderRefunds, orders, payments } from '../../db/schema';
import { dollars, neutraliseCell, type ExportQuery } from '../../../core/admin/exports';
import { shopDateTime, shopRange } from '../../../core/shop-calendar';
import { audit, type Actor } from './deps';
import { UNPAID_STATES } from '../../../core/orders/lifecycle';

/** Orders read per query: a year of orders never sits in memory at once. */
export const EXPORT_BATCH = 500;

/**
 * Which orders the accountant's files count: every order that was paid, i.e. all but
 * `pending_payment`, `payment_failed` and `abandoned` (never charged, or the charge never
 * settled). Canceled orders stay in (they were paid; their refunds column shows the money given
 * back), as do `canceling` and `refund_failed`. An order belongs to the shop day (America/Los_Angeles)
 * it was placed on. Subtotal, tax, gift cards and total are the order's stored cents, refunds the sum
 * of its succeeded refunds, so the tax report (issue 28 point 3) reconciles with this file to the cent.
 */

export const ORDER_COLUMNS = [
  'Order',
  'Date',
  'Status',
  'Buyer',
  'Name',
  'Email',
  'State',
  'ZIP',
  'Location code',
  'Tax rate',
  'Subtotal',
  'Tax',
  'Gift cards',
  'Refunds',
  'Total',
  'Payment reference',
] as const;

export const LINE_COLUMNS = [
  'Order',
  'Date',
  'Status',
  'SKU',
  'Product',
  'Option',
  'Category',
  'Quantity',
  'Unit price',
  'Line total',
] as const;

export type ExportKind = 'orders' | 'order-lines';

/** The audit action of an export (who took which range of customers' data). */
export const EXPORT_AUDIT = 'orders.export';

/** One batch of paid orders in the range, by number, after `afterNumber`. */
function orderBatch(db: Db, range: ExportQuery, afterNumber: number) {
  const { start, end } = shopRange(range);
  return db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.shippingStatus,
      isGuest: orders.isGuest,
      firstname: orders.firstname,
      lastname: orders.lastname,
      email: orders.email,
      shippingAddress: orders.shippingAddress,
      billingAddress: orders.billingAddress,
      taxLocationCode: orders.taxLocationCode,
      taxRate: orders.taxRate,
      subtotalCents: orders.subtotalCents,
      taxCents: orders.taxCents,
      giftCardCents: orders.giftCardCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(
      and(
        notInArray(orders.shippingStatus, [...UNPAID_STATES]),
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        gt(orders.number, afterNumber),
      ),
    )
    .orderBy(asc(orders.number))
    .limit(EXPORT_BATCH);
}

/**
 * Each order's succeeded refunds (cents) and its payment's reference (the latest charge that did
 * not fail), read for a whole batch at once.
 */
async function withMoney(db: Db, batch: Awaited<ReturnType<typeof orderBatch>>) {
  const ids = batch.map((order) => order.id);
  if (!ids.length) return [];
  const [refunds, charges] = await Promise.all([
    db
      .select({
        orderId: orderRefunds.orderId,
        cents: sql<number>`sum(${orderRefunds.amountCents})::int`,
      })
      .from(orderRefunds)
      .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'succeeded')))
      .groupBy(orderRefunds.orderId),
    db
      .select({
        orderId: payments.orderId,
        reference: payments.reference,
        failed: sql<boolean>`${payments.status} = 'failed'`,
      })
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(asc(payments.createdAt)),
  ]);
  const refunded = new Map(refunds.map((row) => [row.orderId, row.cents]));
  const reference = new Map<string, string>();
  // Oldest first: a later charge that went through replaces a failed or earlier one.
  for (const charge of charges) {
    if (!charge.failed || !reference.has(charge.orderId)) {
      reference.set(charge.orderId, charge.reference);
    }
  }
  return batch.map((order) => ({
    ...order,
    refundedCents: refunded.get(order.id) ?? 0,
    paymentReference: reference.get(order.id) ?? null,
  }));
}
type OrderBatchRow = Awaited<ReturnType<typeof withMoney>>[number];

function orderRecord(order: OrderBatchRow): string[] {
  // Tax follows the shipping address, or the billing one when nothing ships (digital only).
  const taxed = order.shippingAddress ?? order.billingAddress;
  return [
    String(order.number),
    shopDateTime(order.createdAt),
    order.status,
    order.isGuest ? 'guest' : 'customer',
    `${order.firstname} ${order.lastname}`.trim(),
    order.email,
    taxed.state,
    taxed.zipcode,
    order.taxLocationCode ?? '',
    String(order.taxRate),
    dollars(order.subtotalCents),
    dollars(order.taxCents),
    dollars(order.giftCardCents),
    dollars(order.refundedCents),
    dollars(order.totalCents),
    order.paymentReference ?? '',
  ];
}

async function lineRecords(db: Db, batch: OrderBatchRow[]): Promise<string[][]> {
  if (!batch.length) return [];
  const byId = new Map(batch.map((order) => [order.id, order]));
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...byId.keys()]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  return batch.flatMap((order) =>
    items
      .filter((item) => item.orderId === order.id)
      .map((item) => [
        String(order.number),
        shopDateTime(order.createdAt),
        order.status,
        item.sku,
        item.title,
        item.variantTitle ?? '',
        item.category,
        String(item.quantity),
        dollars(item.unitPriceCents),
        dollars(item.unitPriceCents * item.quantity),
      ]),
  );
}

/** CSV text of records, every cell neutralised against formulas (csv-stringify quotes the rest). */
function csv(records: string[][], header?: readonly string[]): string {
  return stringify(
    records.map((record) => record.map(neutraliseCell)),
    header ? { header: true, columns: [...header], bom: true } : {},
  );
}

/**
 * GET /admin/exports/orders.csv and /order-lines.csv: the range's paid orders (or their lines) as
 * CSV, written to the response batch by batch (keyset on the order number), so a long range
 * streams instead of being built in memory. The export is audited before the first byte.
 */
export async function exportCsv(
  db: Db,
  actor: Actor,
  kind: ExportKind,
  range: ExportQuery,
): Promise<Response> {
  await audit(db, actor, {
    action: EXPORT_AUDIT,
    entity: 'export',
    entityId: `${kind}.csv`,
    after: { from: range.from, to: range.to },
  });
  const header = kind === 'orders' ? ORDER_COLUMNS : LINE_COLUMNS;
  const encoder = new TextEncoder();
  let afterNumber = 0;
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const batch = await withMoney(db, await orderBatch(db, range, afterNumber));
      const records = kind === 'orders' ? batch.map(orderRecord) : await lineRecords(db, batch);
      const text = csv(records, first ? header : undefined);
      first = false;
      if (text) controller.enqueue(encoder.encode(text));
      if (batch.length < EXPORT_BATCH) controller.close();
      else afterNumber = batch[batch.length - 1]!.number;
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${kind}-${range.from}-to-${range.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
