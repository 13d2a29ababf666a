import { and, asc, eq, exists, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCardLedger, giftCards, orders, type GiftCardRow } from '../../db/schema';
import { enqueueMail, type ShopDetails } from '../mail';
import {
  formatGiftCardCode,
  shopToday,
  type GiftCardDetails,
} from '../../../core/gift-cards/model';
import { REVENUE_STATES } from '../../../core/orders/lifecycle';
import { isGiftCardKind, type ProductKind } from '../../../core/product/kind';
import { hashGiftCardCode, newGiftCardCode } from './codes';
import { giftCardEmail } from './email';

interface PaidOrder {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
}

interface GiftCardItem {
  id: string;
  /** The line's own kind, copied when bought: never its category's name. */
  kind: ProductKind;
  quantity: number;
  unitPriceCents: number;
  giftCard: GiftCardDetails | null;
}

/**
 * Issues the cards a paid order bought (one per unit), each with its issue row in the ledger, in
 * the transaction that marks the order paid. A card for the buyer themself due today is delivered
 * at once, and its code answered for the confirmation page (the only other place it is shown).
 * Only once the order is paid, never while its payment is pending (orders/settle.ts). Its undo is
 * `voidCardsOf` (ledger.ts), which closing the order runs (orders/close.ts).
 */
export async function issueCards(
  tx: Db,
  shop: ShopDetails,
  order: PaidOrder,
  items: GiftCardItem[],
  now: Date = new Date(),
): Promise<{ codes: { last4: string; code: string; amountCents: number }[] }> {
  const codes: { last4: string; code: string; amountCents: number }[] = [];
  for (const item of items) {
    if (!isGiftCardKind(item) || !item.giftCard) continue;
    for (let unit = 0; unit < item.quantity; unit += 1) {
      const [card] = await tx
        .insert(giftCards)
        .values({
          orderId: order.id,
          orderItemId: item.id,
          initialCents: item.unitPriceCents,
          buyerName: `${order.firstname} ${order.lastname}`.trim(),
          buyerEmail: order.email,
          recipientName: item.giftCard.recipientName,
          recipientEmail: item.giftCard.recipientEmail,
          message: item.giftCard.message,
          deliverOn: item.giftCard.deliverOn,
        })
        .returning();
      await tx.insert(giftCardLedger).values({
        giftCardId: card!.id,
        kind: 'issue',
        amountCents: item.unitPriceCents,
        orderId: order.id,
      });
      const forBuyer =
        card!.recipientEmail.toLowerCase() === order.email.toLowerCase() &&
        card!.deliverOn <= shopToday(now);
      if (forBuyer) {
        const code = await deliverCard(tx, shop, card!, now);
        codes.push({ last4: code.slice(-4), code, amountCents: card!.initialCents });
      }
    }
  }
  return { codes };
}

/** Gives a card a new code and queues its email, in the caller's transaction; answers the code. */
export async function deliverCard(
  tx: Db,
  shop: ShopDetails,
  card: GiftCardRow,
  now: Date = new Date(),
): Promise<string> {
  // A card delivered before is being sent again: the email says its old code stops working.
  const replacesLast4 = card.deliveredAt ? card.last4 : null;
  const code = newGiftCardCode();
  await tx
    .update(giftCards)
    .set({ codeHash: hashGiftCardCode(code), last4: code.slice(-4), deliveredAt: now })
    .where(eq(giftCards.id, card.id));
  const mail = await giftCardEmail(
    {
      recipientName: card.recipientName,
      buyerName: card.buyerName,
      message: card.message,
      amountCents: card.initialCents,
      code,
      replacesLast4,
    },
    shop,
  );
  // The code rests in the outbox sealed, never in clear (issue 36 row 7).
  await enqueueMail(tx, {
    kind: 'giftcard.delivered',
    to: card.recipientEmail,
    ...mail,
    sealedSecret: formatGiftCardCode(code),
  });
  return code;
}

/**
 * SQL: the card's order is paid and open (not being canceled, not canceled): a card of an order
 * closed, or not paid yet, is never delivered (issue 35). Cards the owner issued have no order.
 */
const orderPaidAndOpen = exists(
  sql`(select 1 from ${orders} where ${and(
    eq(orders.id, giftCards.orderId),
    inArray(orders.shippingStatus, [...REVENUE_STATES]),
    eq(orders.paymentStatus, 'paid'),
  )})`,
);

/**
 * The delivery job: every card due by the shop's today, not delivered yet, whose order is paid and
 * open, gets its code and its email, once. Due cards are claimed with FOR UPDATE SKIP LOCKED and marked delivered in the same
 * transaction as their email is queued, so two processes running this at once never send one card
 * twice: the second skips the rows the first holds, and sees them delivered afterwards.
 */
export async function deliverDueCards(
  db: Db,
  shop: ShopDetails,
  now: Date = new Date(),
  batch = 50,
): Promise<{ delivered: number }> {
  let delivered = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(giftCards)
        .where(
          and(
            isNull(giftCards.deliveredAt),
            isNull(giftCards.disabledAt),
            lte(giftCards.deliverOn, shopToday(now)),
            or(isNull(giftCards.orderId), orderPaidAndOpen),
          ),
        )
        .orderBy(asc(giftCards.deliverOn), asc(giftCards.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const card of due) await deliverCard(tx, shop, card, now);
      return due.length;
    });
    delivered += count;
    if (count < batch) return { delivered };
  }
}
