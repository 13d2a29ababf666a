import type { Db } from '../../../db/client';
import {
  orderRefunds,
  type OrderItemRow,
  type OrderRefundRow,
  type OrderRow,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { heldByCardsOf } from '../../gift-cards';
import { refundedSoFar } from '../refund-payments';
import { orderItemsOf } from '../repository';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import {
  LINE_REFUND_TEXT,
  lineRefund,
  type LineRefundBody,
} from '../../../../core/admin/line-refund';
import { allows, orderKindOf } from '../../../../core/orders/lifecycle';
import { isGiftCardKind, isGoods } from '../../../../core/product/kind';
import type { Actor } from './deps';
import { voidCardsOfLine } from './refund-cards';
import { lineRefundKey, lockedOrder, titleOf, type RecordedLine } from './refund-lines-parts';
import { paidOf, refundRecordedUnder } from './refund-records';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SoFar = Awaited<ReturnType<typeof refundedSoFar>>;

/** The chosen units per line, a line named twice counted once with both quantities. */
function wantedUnits(body: LineRefundBody): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of body.lines) {
    wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return wanted;
}

/** Step 1, with the order's row locked: checks, voids the refunded cards, records it `pending`. */
export async function recordRefund(
  db: Db,
  actor: Actor,
  orderId: string,
  body: LineRefundBody,
): Promise<OrderRefundRow> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
    const key = lineRefundKey(orderId, body.idempotencyKey);
    const again = await refundRecordedUnder(tx, key);
    if (again) return again;
    const items = await orderItemsOf(tx, orderId);
    if (items.length === 0 || !allows(order.shippingStatus, orderKindOf(items), 'refund')) {
      throw new AppError('CONFLICT', LINE_REFUND_TEXT.notAllowed);
    }
    const soFar = await refundedSoFar(tx, orderId);
    const wanted = wantedUnits(body);
    checkUnitsLeft(items, soFar, wanted);
    const figures = lineRefund(
      items.map((item) => ({ ...item, refundedQuantity: soFar.byLine.get(item.id) ?? 0 })),
      [...wanted].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
    );
    const { lines, keptBackCents } = await linesGivenBack(tx, items, figures.lines, body.restock);
    const amountCents = await amountToGiveBack(tx, order, soFar, lines, figures.everyUnit);
    if (amountCents <= 0) {
      throw new AppError(
        'INVALID_DATA',
        keptBackCents > 0 ? LINE_REFUND_TEXT.cardsSpent : LINE_REFUND_TEXT.tooMuch,
      );
    }
    const taxLeft = order.taxCents - soFar.taxCents;
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId,
        idempotencyKey: key,
        amountCents,
        taxCents: Math.max(0, Math.min(figures.everyUnit ? taxLeft : figures.taxCents, taxLeft)),
        lines,
        status: 'pending',
        actorEmail: actor.email,
      })
      .returning();
    return refund!;
  });
}

/** Each chosen line is the order's and its units were not refunded yet. */
function checkUnitsLeft(items: OrderItemRow[], soFar: SoFar, wanted: Map<string, number>) {
  for (const [orderItemId, quantity] of wanted) {
    const item = items.find((candidate) => candidate.id === orderItemId);
    if (!item) throw new AppError('INVALID_DATA', LINE_REFUND_TEXT.lineNotInOrder);
    const left = Math.max(0, item.quantity - (soFar.byLine.get(orderItemId) ?? 0));
    if (quantity > left) {
      throw new AppError('CONFLICT', LINE_REFUND_TEXT.alreadyRefunded(titleOf(item), left));
    }
  }
}

/**
 * The lines as recorded. A refunded gift card can no longer be spent (voided here); what it
 * already paid for is not given back (kept back).
 */
async function linesGivenBack(
  tx: Tx,
  items: OrderItemRow[],
  parts: ReturnType<typeof lineRefund>['lines'],
  restock: boolean | undefined,
): Promise<{ lines: RecordedLine[]; keptBackCents: number }> {
  const lines: RecordedLine[] = [];
  let keptBackCents = 0;
  for (const part of parts) {
    const item = items.find((candidate) => candidate.id === part.orderItemId)!;
    let amountCents = part.amountCents;
    if (isGiftCardKind(item)) {
      const voided = await voidCardsOfLine(tx, item.id, part.quantity, 'refunded by the shop');
      const kept = Math.min(voided.keptBackCents, amountCents);
      keptBackCents += kept;
      amountCents -= kept;
    }
    const restocked = restock && isGoods(item) ? part.quantity : 0;
    lines.push({
      orderItemId: part.orderItemId,
      quantity: part.quantity,
      amountCents,
      restocked,
    });
  }
  return { lines, keptBackCents };
}

/**
 * The refund's amount: the lines' sum, at most what is left to give back; the last units give
 * back the rest of what was paid (the last line absorbs the difference).
 */
async function amountToGiveBack(
  tx: Tx,
  order: OrderRow,
  soFar: SoFar,
  lines: RecordedLine[],
  everyUnit: boolean,
): Promise<number> {
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  // What is left to give back: what was paid, less every refund, less what bought cards hold.
  const open =
    Math.min(await paidOf(tx, order.id), order.totalCents) -
    soFar.totalCents -
    (await heldByCardsOf(tx, order.id));
  if (everyUnit && open > 0) {
    // The last units give back the rest of what was paid, so the order nets exactly 0.
    const last = lines.findLast((line) => line.amountCents > 0) ?? lines.at(-1)!;
    last.amountCents = Math.max(0, last.amountCents + open - sum);
    return open;
  }
  if (sum > open) throw new AppError('INVALID_DATA', LINE_REFUND_TEXT.tooMuch);
  return sum;
}
