import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { giftCards } from '../../../db/schema';
import { spendingOf, voidCards } from '../../gift-cards';

/**
 * The gift cards of one bought line that a refund of `units` of it takes back (issue 39 item 7),
 * voided by the gift-card ledger's `voidCards` as closing the order voids them, in the caller's
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
  const taken = withSpending.slice(0, units).map(({ card }) => card.id);
  const { keptBackCents } = await voidCards(tx, taken, note, now);
  return { keptBackCents, cardIds: taken };
}
