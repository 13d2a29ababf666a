import { and, asc, eq, isNotNull, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCardLedger, giftCards, type GiftCardRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { GIFT_CARD_TEXTS } from '../../../core/gift-cards/model';

/** A card's balance: the sum of its ledger, in cents. */
export async function balanceOf(db: Db, giftCardId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, giftCardId));
  // Stryker disable next-line OptionalChaining: a sum without GROUP BY answers exactly one row
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
    // Stryker disable next-line ConditionalExpression,EqualityOperator: with nothing left each card's share is 0 and nothing is written; the break only spares the locks
    if (left <= 0) break;
    await tx
      // Stryker disable next-line ObjectLiteral: the lock's row is never read
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
    // Stryker disable next-line OptionalChaining: a sum without GROUP BY answers exactly one row
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
  // `0 -`, not unary minus: nothing owed is 0, never -0.
  // Stryker disable next-line OptionalChaining: a sum without GROUP BY answers exactly one row
  return 0 - Number(row?.net ?? 0);
}

/**
 * Voids the cards an order bought, when the order is closed (issue 35), in the caller's
 * transaction and with each card's row locked, so a redemption of the card at the same moment
 * either committed before (and is counted here) or finds the card disabled: a card not delivered
 * yet is never delivered; a delivered one is disabled. Whatever balance is left is written off.
 * Answers what the cards already paid for, in cents (never more than they were bought for): the
 * part of the order's money that is kept back from its refund. Safe to run again: the same answer.
 */
export async function voidCardsOf(
  tx: Db,
  orderId: string,
  reason: string,
  now: Date = new Date(),
): Promise<{ keptBackCents: number }> {
  const cards = await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId));
  return voidCards(
    tx,
    cards.map((card) => card.id),
    reason,
    now,
  );
}

/**
 * Voids the given cards (of any order), as `voidCardsOf` does an order's: each card's row locked
 * (in id order), a card not delivered yet never delivered, a delivered one disabled, its balance
 * written off with `note`. Answers what the cards already paid for (each at most its amount).
 */
export async function voidCards(
  tx: Db,
  ids: readonly string[],
  note: string,
  now: Date = new Date(),
): Promise<{ keptBackCents: number }> {
  if (ids.length === 0) return { keptBackCents: 0 };
  const cards = await tx
    .select()
    .from(giftCards)
    .where(inArray(giftCards.id, [...ids]))
    .orderBy(asc(giftCards.id))
    .for('update');
  let keptBackCents = 0;
  for (const card of cards) {
    const row = await spendingOf(tx, card.id);
    keptBackCents += keptBackOf(card, row);
    if (!card.disabledAt) {
      await tx.update(giftCards).set({ disabledAt: now }).where(eq(giftCards.id, card.id));
    }
    const { balance } = row;
    if (balance > 0) {
      await tx.insert(giftCardLedger).values({
        giftCardId: card.id,
        kind: 'adjustment',
        amountCents: -balance,
        orderId: card.orderId,
        note,
      });
    }
  }
  return { keptBackCents };
}

/** A card's balance and what it has paid for (its redemptions less what came back to it). */
export async function spendingOf(db: Db, giftCardId: string) {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int`,
      spent: sql<number>`coalesce(sum(${giftCardLedger.amountCents}) filter (where ${giftCardLedger.kind} in ('redemption', 'refund')), 0)::int`,
    })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, giftCardId));
  // Stryker disable next-line OptionalChaining: a sum without GROUP BY answers exactly one row
  return { balance: Number(row?.balance ?? 0), spent: Number(row?.spent ?? 0) };
}

/** What a bought card already paid for, at most its amount: never given back with its order. */
const keptBackOf = (card: { initialCents: number }, row: { spent: number }) =>
  Math.max(0, Math.min(card.initialCents, -row.spent));

/**
 * What of an order's money stands in the gift cards it bought (read only, issue 35): a card still
 * valid holds all it was bought for (it can still be spent); a voided one what it already paid
 * for. An owner's refund never gives that back; closing the order voids the cards first.
 */
export async function heldByCardsOf(db: Db, orderId: string): Promise<number> {
  const cards = await db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
  let held = 0;
  for (const card of cards) {
    held += card.disabledAt ? keptBackOf(card, await spendingOf(db, card.id)) : card.initialCents;
  }
  return held;
}

/** Issuing and delivering (issue.ts), named here with the rest of the ledger. */
export { deliverCard, deliverDueCards, issueCards } from './issue';
