import { and, asc, eq, gt, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orderRefunds, orders, payments, taxLocations } from '../../db/schema';
import type { ExportQuery } from '../../../core/admin/exports';
import { centsToDecimal } from '../../../core/money';
import { shopDateTime, shopRange } from '../../../core/shop-calendar';
import { TAX_REPORT_TEXT } from '../../../core/tax/messages';
import { TAX_REPORT_NOTES } from '../../../core/tax/report';
import { isGiftCardKind, isTaxable } from '../../../core/product/kind';
import { audit, type Actor } from '../../lib/audit';
import { csv, LINE_COLUMNS, ORDER_COLUMNS } from './export-columns';
import { UNPAID_STATES } from '../../../core/orders/lifecycle';

/** Orders read per query: a year of orders never sits in memory at once. */
export const EXPORT_BATCH = 500;

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
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      discountCode: orders.discountCode,
      discountCents: orders.discountCents,
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
 * Each order's succeeded refunds (cents, and their tax), what its payments took by gift card and
 * by card, its payment's reference (the latest charge that did not fail), its lines' gross and
 * gift-card parts and whether any line is taxed, read for a whole batch at once.
 */
async function withMoney(db: Db, batch: Awaited<ReturnType<typeof orderBatch>>) {
  const ids = batch.map((order) => order.id);
  if (!ids.length) return [];
  const [refunds, charges, lines, names] = await Promise.all([
    db
      .select({
        orderId: orderRefunds.orderId,
        cents: sql<number>`sum(${orderRefunds.amountCents})::int`,
        taxCents: sql<number>`sum(${orderRefunds.taxCents})::int`,
      })
      .from(orderRefunds)
      .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'succeeded')))
      .groupBy(orderRefunds.orderId),
    db
      .select({
        orderId: payments.orderId,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        reference: payments.reference,
      })
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(asc(payments.createdAt)),
    db
      .select({
        orderId: orderItems.orderId,
        kind: orderItems.kind,
        taxClass: orderItems.taxClass,
        cents: sql<number>`(${orderItems.unitPriceCents} * ${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids)),
    locationNames(db, batch),
  ]);
  const refunded = new Map(refunds.map((row) => [row.orderId, row]));
  const money = new Map(
    ids.map((id) => [
      id,
      {
        reference: null as string | null,
        byGiftCard: 0,
        byCard: 0,
        gross: 0,
        cards: 0,
        taxed: false,
      },
    ]),
  );
  // Oldest first: a later charge that went through replaces a failed or earlier one.
  for (const charge of charges) {
    const order = money.get(charge.orderId)!;
    if (charge.status !== 'failed' || order.reference === null) order.reference = charge.reference;
    // What the payments took (a refunded one took it first; its refund is in Refunds).
    if (charge.status !== 'paid' && charge.status !== 'refunded') continue;
    if (charge.method === 'gift_card') order.byGiftCard += charge.amountCents;
    else order.byCard += charge.amountCents;
  }
  for (const line of lines) {
    const order = money.get(line.orderId)!;
    if (isGiftCardKind(line)) order.cards += Number(line.cents);
    else order.gross += Number(line.cents);
    if (isTaxable(line)) order.taxed = true;
  }
  return batch.map((order) => {
    const { reference, ...paid } = money.get(order.id)!;
    return {
      ...order,
      ...paid,
      refundedCents: refunded.get(order.id)?.cents ?? 0,
      refundedTaxCents: refunded.get(order.id)?.taxCents ?? 0,
      paymentReference: reference,
      locationName: order.taxLocationCode ? (names.get(order.taxLocationCode) ?? '') : '',
    };
  });
}

/** DOR's names of the batch's location codes (imported on the tax page; none before). */
async function locationNames(db: Db, batch: { taxLocationCode: string | null }[]) {
  const codes = [...new Set(batch.map((order) => order.taxLocationCode).filter((c) => c !== null))];
  if (!codes.length) return new Map<string, string>();
  const rows = await db
    .select({ code: taxLocations.locationCode, name: taxLocations.name })
    .from(taxLocations)
    .where(inArray(taxLocations.locationCode, codes));
  return new Map(rows.map((row) => [row.code, row.name]));
}
type OrderBatchRow = Awaited<ReturnType<typeof withMoney>>[number];

/** Where an order's tax went: DOR's name for its code, the fallback table, or outside Washington. */
function placeName(order: OrderBatchRow, state: string): string {
  if (order.taxLocationCode) {
    return order.locationName || TAX_REPORT_NOTES.unnamedLabel(order.taxLocationCode);
  }
  return state === 'WA' ? TAX_REPORT_TEXT.fallbackTable : TAX_REPORT_TEXT.outsideWashington;
}

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
    placeName(order, taxed.state),
    // No rate where nothing was taxable: a gift card alone is not taxed at 0 %, it is not taxed.
    order.taxed ? String(order.taxRate) : '',
    centsToDecimal(order.gross),
    centsToDecimal(order.cards),
    order.discountCode ?? '',
    centsToDecimal(order.discountCents),
    centsToDecimal(order.taxCents),
    centsToDecimal(order.totalCents),
    centsToDecimal(order.byGiftCard),
    centsToDecimal(order.byCard),
    centsToDecimal(order.refundedCents),
    centsToDecimal(order.refundedTaxCents),
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
        centsToDecimal(item.unitPriceCents),
        centsToDecimal(item.unitPriceCents * item.quantity),
        // Its share of the order's discount code (issue 42): the line's net is the total less it.
        centsToDecimal(item.discountCents),
        item.kind,
        item.taxClass,
        // The order's rate on the lines it taxed; empty on an untaxed line (a gift card, an exempt class).
        isTaxable(item) ? String(order.taxRate) : '',
        centsToDecimal(item.taxCents),
      ]),
  );
}

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
