import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { giftCardLedger, giftCards } from '../../../db/schema';

/**
 * The gift cards of one bought line that a refund of `units` of it takes back (issue 39 item 7),
 * voided as closing the order voids them (gift-cards/ledger.ts `voidCardsOf`), in the caller's
 * transaction with each card's row locked: a card not delivered yet is never delivered, a
 * delivered one is disabled and its balance written off, so no refunded card stays spendable.
 * What a card already paid for is never given back: it is answered as kept back (at most the
 * card's amount). Cards still valid are taken first, the least spent first; a retry of the same
 * refund finds them voided and answers the same.
 */
export async function voidCardsOfLine(
  tx: Db,
  orderItemId: string,
  units: number,
  note: string,
  now: Date = new Date(),
): Promise<{ keptBackCents: number; cardIds: string[] }> {
  const cards = await tx
    .select()
    .from(giftCards)
    .where(eq(giftCards.orderItemId, orderItemId))
    .orderBy(asc(giftCards.id))
    .for('update');
  const withSpending = await Promise.all(
    cards.map(async (card) => ({ card, ...(await spendingOf(tx, card.id)) })),
  );
  withSpending.sort(
    (a, b) =>
      Number(a.card.disabledAt !== null) - Number(b.card.disabledAt !== null) ||
      b.spent - a.spent ||
      a.card.id.localeCompare(b.card.id),
  );
  let keptBackCents = 0;
  const taken = withSpending.slice(0, units);
  for (const { card, balance, spent } of taken) {
    keptBackCents += Math.max(0, Math.min(card.initialCents, -spent));
    if (!card.disabledAt) {
      await tx.update(giftCards).set({ disabledAt: now }).where(eq(giftCards.id, card.id));
    }
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
  return { keptBackCents, cardIds: taken.map(({ card }) => card.id) };
}

/** A card's balance and what it paid for (its redemptions less what came back to it), in cents. */
async function spendingOf(db: Db, giftCardId: string) {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int`,
      spent: sql<number>`coalesce(sum(${giftCardLedger.amountCents}) filter (where ${giftCardLedger.kind} in ('redemption', 'refund')), 0)::int`,
    })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, giftCardId));
  return { balance: Number(row?.balance ?? 0), spent: Number(row?.spent ?? 0) };
}
