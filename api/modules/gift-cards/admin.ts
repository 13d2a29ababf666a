import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCardLedger, giftCards, orders, type GiftCardRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit, type Actor } from '../../lib/audit';
import type { ShopDetails } from '../mail';
import { centsToDollars, dollarsToCents } from '../../../core/money';
import {
  GIFT_CARD_ADMIN_MESSAGES,
  type GiftCardAdminDto,
  type GiftCardLedgerDto,
} from '../../../core/gift-cards/model';
import { hashTypedCode } from './codes';
import { deliverCard } from './ledger';

/** The cards a search names: a whole code by its hash, 4 characters by the last 4, else emails. */
function searchFilter(q: string): SQL | undefined {
  const typed = q.trim();
  if (typed === '') return undefined;
  const hash = hashTypedCode(typed);
  if (hash) return eq(giftCards.codeHash, hash);
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  const pattern = `%${typed.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(
    ...(compact.length === 4 ? [eq(giftCards.last4, compact)] : []),
    ilike(giftCards.recipientEmail, pattern),
    ilike(giftCards.buyerEmail, pattern),
    ilike(giftCards.recipientName, pattern),
  );
}

const balanceSql = sql<number>`coalesce((select sum(${giftCardLedger.amountCents}) from ${giftCardLedger} where ${giftCardLedger.giftCardId} = ${giftCards.id}), 0)::int`;

const columns = {
  card: giftCards,
  orderNumber: orders.number,
  balance: balanceSql,
};

function toDto(row: {
  card: GiftCardRow;
  orderNumber: number | null;
  balance: number;
}): GiftCardAdminDto {
  const { card } = row;
  return {
    _id: card.id,
    last4: card.last4,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    deliverOn: card.deliverOn,
    deliveredAt: card.deliveredAt?.toISOString() ?? null,
    disabledAt: card.disabledAt?.toISOString() ?? null,
    orderNumber: row.orderNumber,
    initial: centsToDollars(card.initialCents),
    balance: centsToDollars(Number(row.balance)),
  };
}

/**
 * The back office's list: every card issued, newest first, with its balance; with `q`, the cards
 * it names (a whole code, the last 4, or part of the recipient's or buyer's email or name).
 */
export async function listGiftCards(db: Db, q = ''): Promise<GiftCardAdminDto[]> {
  const rows = await db
    .select(columns)
    .from(giftCards)
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .where(searchFilter(q))
    .orderBy(desc(giftCards.createdAt))
    .limit(500);
  return rows.map(toDto);
}

/** One card with its whole ledger, oldest row first. */
export async function giftCardDetail(db: Db, id: string): Promise<GiftCardAdminDto> {
  const [row] = await db
    .select(columns)
    .from(giftCards)
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .where(eq(giftCards.id, id));
  if (!row) throw new AppError('NOT_FOUND', GIFT_CARD_ADMIN_MESSAGES.notFound);
  const ledger = await db
    .select({ entry: giftCardLedger, orderNumber: orders.number })
    .from(giftCardLedger)
    .leftJoin(orders, eq(orders.id, giftCardLedger.orderId))
    .where(eq(giftCardLedger.giftCardId, id))
    .orderBy(asc(giftCardLedger.createdAt), asc(giftCardLedger.id));
  return {
    ...toDto(row),
    ledger: ledger.map(({ entry, orderNumber }): GiftCardLedgerDto => ({
      kind: entry.kind,
      amount: centsToDollars(entry.amountCents),
      orderNumber,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * Sends a delivered card's email to its recipient again. Only the code's hash is kept, so the
 * email carries a new code and the old one stops working (audited, with the last 4 of both).
 */
export async function resendGiftCard(db: Db, shop: ShopDetails, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(
        and(eq(giftCards.id, id), isNotNull(giftCards.deliveredAt), isNull(giftCards.disabledAt)),
      )
      .for('update');
    if (!card) throw new AppError('CONFLICT', GIFT_CARD_ADMIN_MESSAGES.notResendable);
    const code = await deliverCard(tx, shop, card);
    await audit(tx, actor, {
      action: 'giftcard.resend',
      entity: 'gift_card',
      entityId: id,
      before: { last4: card.last4 },
      after: { last4: code.slice(-4), to: card.recipientEmail },
    });
  });
  return giftCardDetail(db, id);
}

/** Disables a card: its code pays for nothing any more, its balance stays in the ledger (audited). */
export async function disableGiftCard(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [card] = await tx
      .update(giftCards)
      .set({ disabledAt: new Date() })
      .where(and(eq(giftCards.id, id), isNull(giftCards.disabledAt)))
      .returning();
    if (!card) throw new AppError('CONFLICT', GIFT_CARD_ADMIN_MESSAGES.notDisableable);
    await audit(tx, actor, {
      action: 'giftcard.disable',
      entity: 'gift_card',
      entityId: id,
      before: { disabledAt: null },
      after: { disabledAt: card.disabledAt!.toISOString() },
    });
  });
  return giftCardDetail(db, id);
}

/** An owner's adjustment (±, whole cents, never below zero), a ledger row of its own (audited). */
export async function adjustGiftCard(
  db: Db,
  actor: Actor,
  id: string,
  body: { amount: number; note: string },
) {
  const cents = dollarsToCents(body.amount);
  await db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for('update');
    if (!card) throw new AppError('NOT_FOUND', GIFT_CARD_ADMIN_MESSAGES.notFound);
    const [row] = await tx
      .select({ cents: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, id));
    const before = Number(row?.cents ?? 0);
    if (before + cents < 0) throw new AppError('INVALID_DATA', GIFT_CARD_ADMIN_MESSAGES.belowZero);
    await tx
      .insert(giftCardLedger)
      .values({ giftCardId: id, kind: 'adjustment', amountCents: cents, note: body.note });
    await audit(tx, actor, {
      action: 'giftcard.adjust',
      entity: 'gift_card',
      entityId: id,
      before: { balanceCents: before },
      after: { balanceCents: before + cents, note: body.note },
    });
  });
  return giftCardDetail(db, id);
}
