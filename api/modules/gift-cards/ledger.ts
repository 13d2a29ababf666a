import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCardLedger, giftCards, type GiftCardRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import type { ShopDetails } from '../mail/templates';
import { GIFT_CARD_TEXTS, isGiftCard, shopToday } from '../../../core/gift-cards/model';
import { hashGiftCardCode, newGiftCardCode } from './codes';
import { giftCardEmail } from './email';
import type { GiftCardDetails } from '../../../core/gift-cards/model';

/** A card's balance: the sum of its ledger, in cents. */
export async function balanceOf(db: Db, giftCardId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, giftCardId));
  return Number(row?.cents ?? 0);
}

/** A usable card (delivered, not disabled) by its code's hash, or undefined; `lock`: FOR UPDATE. */
export async function usableCard(
  db: Db,
  codeHash: string,
  lock = false,
): Promise<GiftCardRow | undefined> {
  const query = db
    .select()
    .from(giftCards)
    .where(
      and(
        eq(giftCards.codeHash, codeHash),
        isNotNull(giftCards.deliveredAt),
        isNull(giftCards.disabledAt),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface Redemption {
  giftCardId: string;
  last4: string;
  amountCents: number;
}

/**
 * Spends up to `maxCents` of a card for an order, inside the caller's transaction: the card's row
 * is locked first, so two orders redeeming one card queue and the second sees the first's ledger
 * row; the balance can never go below zero. Refuses an unusable code with the one answer that
 * never says whether a code exists.
 */
export async function redeem(
  tx: Db,
  codeHash: string,
  orderId: string,
  maxCents: number,
): Promise<Redemption> {
  const card = await usableCard(tx, codeHash, true);
  if (!card) throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.codeRefused);
  const balance = await balanceOf(tx, card.id);
  const amountCents = Math.min(balance, maxCents);
  if (amountCents <= 0) throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.empty);
  await tx.insert(giftCardLedger).values({
    giftCardId: card.id,
    kind: 'redemption',
    amountCents: -amountCents,
    orderId,
  });
  return { giftCardId: card.id, last4: card.last4!, amountCents };
}

/**
 * Gives back to the cards that paid an order up to `amountCents` of what they paid and has not
 * been given back yet (a cancel, a refund, a failed charge); answers how much went back. Each
 * card's row is locked, so a cancel and a refund at once cannot give back twice.
 */
export async function returnToCards(
  tx: Db,
  orderId: string,
  amountCents: number,
  note: string,
): Promise<number> {
  const rows = await tx
    .select({
      giftCardId: giftCardLedger.giftCardId,
      net: sql<number>`sum(${giftCardLedger.amountCents})::int`,
    })
    .from(giftCardLedger)
    .where(
      and(
        eq(giftCardLedger.orderId, orderId),
        sql`${giftCardLedger.kind} in ('redemption', 'refund')`,
      ),
    )
    .groupBy(giftCardLedger.giftCardId);
  let left = amountCents;
  for (const row of rows) {
    if (left <= 0) break;
    await tx
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(eq(giftCards.id, row.giftCardId))
      .for('update');
    const [again] = await tx
      .select({ net: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
      .from(giftCardLedger)
      .where(
        and(
          eq(giftCardLedger.orderId, orderId),
          eq(giftCardLedger.giftCardId, row.giftCardId),
          sql`${giftCardLedger.kind} in ('redemption', 'refund')`,
        ),
      );
    const owed = -Number(again?.net ?? 0);
    const back = Math.min(owed, left);
    if (back <= 0) continue;
    await tx
      .insert(giftCardLedger)
      .values({ giftCardId: row.giftCardId, kind: 'refund', amountCents: back, orderId, note });
    left -= back;
  }
  return amountCents - left;
}

/** What gift cards paid of an order and has not been given back yet, in cents. */
export async function owedToCards(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ net: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
    .from(giftCardLedger)
    .where(
      and(
        eq(giftCardLedger.orderId, orderId),
        sql`${giftCardLedger.kind} in ('redemption', 'refund')`,
      ),
    );
  return -Number(row?.net ?? 0);
}

interface PaidOrder {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
}

interface GiftCardItem {
  id: string;
  category: string;
  quantity: number;
  unitPriceCents: number;
  giftCard: GiftCardDetails | null;
}

/**
 * Issues the cards a paid order bought (one per unit), each with its issue row in the ledger, in
 * the transaction that marks the order paid. A card for the buyer themself due today is delivered
 * at once, and its code answered for the confirmation page (the only other place it is shown).
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
    if (!isGiftCard(item) || !item.giftCard) continue;
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
    },
    shop,
  );
  await enqueueMail(tx, { kind: 'giftcard.delivered', to: card.recipientEmail, ...mail });
  return code;
}

/**
 * The delivery job: every card due by the shop's today and not delivered yet gets its code and its
 * email, once. Due cards are claimed with FOR UPDATE SKIP LOCKED and marked delivered in the same
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
