import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../api/db/client';
import { giftCardLedger, giftCards, orders } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import {
  balanceOf,
  heldByCardsOf,
  owedToCards,
  redeem,
  returnToCards,
  usableCard,
  voidCardsOf,
} from '../../api/modules/gift-cards/ledger';
import { GIFT_CARD_TEXTS } from '../../core/gift-cards/model';
import { useApi } from '../helpers/api';
import { SEATTLE } from '../helpers/orders';

/*
 * The gift-card ledger (issue 35 points 1 and 9), called as the order flow calls it, on a real
 * database: a card's balance is the sum of its rows; a redemption never takes more than the card
 * holds or the order asks; giving back never returns more than the cards paid; voiding the cards an
 * order bought keeps back exactly what they already paid for, however often it runs.
 */
describe('the gift-card ledger', () => {
  const api = useApi();
  const db = (): Db => api.test.database.db;
  let serial = 0;

  async function anOrder(): Promise<string> {
    const [order] = await db()
      .insert(orders)
      .values({
        isGuest: true,
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'Lovelace',
        shippingAddress: SEATTLE,
        billingAddress: SEATTLE,
        acceptedReturnPolicy: true,
        subtotalCents: 10_000,
        taxRate: 0,
        taxCents: 0,
        totalCents: 10_000,
        paymentStatus: 'paid',
      })
      .returning({ id: orders.id });
    return order!.id;
  }

  /** A card of `cents`, issued (its issue row written), delivered unless told otherwise. */
  async function aCard(
    cents: number,
    { orderId = null as string | null, delivered = true, disabled = false } = {},
  ) {
    serial += 1;
    const [card] = await db()
      .insert(giftCards)
      .values({
        codeHash: delivered ? `hash-${serial}` : null,
        last4: delivered ? `C${String(serial).padStart(3, '0')}` : null,
        orderId,
        initialCents: cents,
        buyerName: 'Ada Lovelace',
        buyerEmail: 'ada@example.com',
        recipientName: 'Grace Hopper',
        recipientEmail: 'grace@example.com',
        deliverOn: '2026-01-01',
        deliveredAt: delivered ? new Date() : null,
        disabledAt: disabled ? new Date() : null,
      })
      .returning();
    await db()
      .insert(giftCardLedger)
      .values({ giftCardId: card!.id, kind: 'issue', amountCents: cents, orderId });
    return card!;
  }

  const rowsOf = (giftCardId: string) =>
    db()
      .select({
        kind: giftCardLedger.kind,
        amountCents: giftCardLedger.amountCents,
        orderId: giftCardLedger.orderId,
        note: giftCardLedger.note,
      })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, giftCardId))
      .orderBy(asc(giftCardLedger.createdAt), asc(giftCardLedger.kind));

  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    return { type: (error as AppError).type, message: (error as AppError).message };
  }

  it('a balance is the sum of the rows; a card without rows has none', async () => {
    const card = await aCard(5000);
    expect(await balanceOf(db(), card.id)).toBe(5000);
    const orderId = await anOrder();
    await redeem(db(), card.codeHash!, orderId, 1200);
    expect(await balanceOf(db(), card.id)).toBe(3800);
    expect(await balanceOf(db(), '00000000-0000-0000-0000-000000000000')).toBe(0);
  });

  it('only a delivered card that is not disabled can be used, by its code', async () => {
    const usable = await aCard(1000);
    const disabled = await aCard(1000, { disabled: true });
    await aCard(1000, { delivered: false });
    expect((await usableCard(db(), usable.codeHash!))?.id).toBe(usable.id);
    expect((await usableCard(db(), usable.codeHash!, true))?.id).toBe(usable.id);
    expect(await usableCard(db(), disabled.codeHash!)).toBeUndefined();
    expect(await usableCard(db(), 'no-such-hash')).toBeUndefined();
  });

  it('a redemption takes what the order asks, or what the card holds, never more', async () => {
    const card = await aCard(5000);
    const first = await anOrder();
    expect(await redeem(db(), card.codeHash!, first, 1999)).toEqual({
      giftCardId: card.id,
      last4: card.last4,
      amountCents: 1999,
    });
    const second = await anOrder();
    expect((await redeem(db(), card.codeHash!, second, 9000)).amountCents).toBe(3001);
    expect(await balanceOf(db(), card.id)).toBe(0);
    expect(await rowsOf(card.id)).toEqual([
      { kind: 'issue', amountCents: 5000, orderId: null, note: null },
      { kind: 'redemption', amountCents: -1999, orderId: first, note: null },
      { kind: 'redemption', amountCents: -3001, orderId: second, note: null },
    ]);

    const third = await anOrder();
    expect(await refusal(redeem(db(), card.codeHash!, third, 100))).toEqual({
      type: 'INVALID_DATA',
      message: GIFT_CARD_TEXTS.empty,
    });
    const disabled = await aCard(2000, { disabled: true });
    expect(await refusal(redeem(db(), disabled.codeHash!, third, 100))).toEqual({
      type: 'INVALID_DATA',
      message: GIFT_CARD_TEXTS.codeRefused,
    });
    expect(await refusal(redeem(db(), 'no-such-hash', third, 100))).toEqual({
      type: 'INVALID_DATA',
      message: GIFT_CARD_TEXTS.codeRefused,
    });
    // A refused redemption wrote nothing.
    expect(await rowsOf(disabled.id)).toHaveLength(1);
  });

  it('gives back to the cards that paid an order at most what they paid, across calls', async () => {
    const a = await aCard(3000);
    const b = await aCard(2000);
    const other = await aCard(4000);
    const orderId = await anOrder();
    const elsewhere = await anOrder();
    await redeem(db(), a.codeHash!, orderId, 3000);
    await redeem(db(), b.codeHash!, orderId, 2000);
    await redeem(db(), other.codeHash!, elsewhere, 4000);
    expect(await owedToCards(db(), orderId)).toBe(5000);

    expect(await returnToCards(db(), orderId, 0, 'nothing')).toBe(0);
    expect(await returnToCards(db(), orderId, 4000, 'Canceled')).toBe(4000);
    expect(await owedToCards(db(), orderId)).toBe(1000);
    expect((await balanceOf(db(), a.id)) + (await balanceOf(db(), b.id))).toBe(4000);
    // Asked for more than is still owed: only the rest goes back, and it says so.
    expect(await returnToCards(db(), orderId, 2500, 'Refunded')).toBe(1000);
    expect(await owedToCards(db(), orderId)).toBe(0);
    expect(await returnToCards(db(), orderId, 500, 'again')).toBe(0);
    expect(await balanceOf(db(), a.id)).toBe(3000);
    expect(await balanceOf(db(), b.id)).toBe(2000);
    // Another order's card is untouched; every refund row names the order and the note.
    expect(await balanceOf(db(), other.id)).toBe(0);
    expect(await owedToCards(db(), elsewhere)).toBe(4000);
    const refunds = await db()
      .select()
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.kind, 'refund')));
    expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBe(5000);
    expect(new Set(refunds.map((row) => row.note))).toEqual(new Set(['Canceled', 'Refunded']));
  });

  it('voiding the cards an order bought keeps back what they paid for, once', async () => {
    const orderId = await anOrder();
    const spentSome = await aCard(5000, { orderId });
    const untouched = await aCard(2500, { orderId });
    const undelivered = await aCard(1000, { orderId, delivered: false });
    const elsewhere = await anOrder();
    await redeem(db(), spentSome.codeHash!, elsewhere, 1200);
    // A valid card holds all it was bought for.
    expect(await heldByCardsOf(db(), orderId)).toBe(8500);

    const now = new Date('2026-11-27T12:00:00Z');
    expect(await voidCardsOf(db(), orderId, 'Order canceled', now)).toEqual({
      keptBackCents: 1200,
    });
    const cards = await db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
    expect(cards.map((card) => card.disabledAt?.toISOString())).toEqual([
      now.toISOString(),
      now.toISOString(),
      now.toISOString(),
    ]);
    // What was left on each card is written off, with the reason.
    expect(await balanceOf(db(), spentSome.id)).toBe(0);
    expect(await balanceOf(db(), untouched.id)).toBe(0);
    expect(await balanceOf(db(), undelivered.id)).toBe(0);
    expect((await rowsOf(spentSome.id)).at(-1)).toEqual({
      kind: 'adjustment',
      amountCents: -3800,
      orderId,
      note: 'Order canceled',
    });
    expect(await heldByCardsOf(db(), orderId)).toBe(1200);

    // Again: the same answer, no new rows, the first time of disabling kept.
    const later = new Date('2026-11-28T12:00:00Z');
    expect(await voidCardsOf(db(), orderId, 'Again', later)).toEqual({ keptBackCents: 1200 });
    expect(await rowsOf(spentSome.id)).toHaveLength(3);
    expect(await rowsOf(untouched.id)).toHaveLength(2);
    const [again] = await db().select().from(giftCards).where(eq(giftCards.id, untouched.id));
    expect(again!.disabledAt!.toISOString()).toBe(now.toISOString());

    // A card whose spending came back (its order was canceled) keeps back nothing.
    const refundedOrder = await anOrder();
    const bought = await aCard(3000, { orderId: refundedOrder });
    const spentOn = await anOrder();
    await redeem(db(), bought.codeHash!, spentOn, 3000);
    await returnToCards(db(), spentOn, 1000, 'Partly refunded');
    expect(await voidCardsOf(db(), refundedOrder, 'Canceled')).toEqual({ keptBackCents: 2000 });
    expect(await heldByCardsOf(db(), refundedOrder)).toBe(2000);
    // An order that bought no card keeps nothing back.
    expect(await voidCardsOf(db(), spentOn, 'Canceled')).toEqual({ keptBackCents: 0 });
    expect(await heldByCardsOf(db(), spentOn)).toBe(0);
  });
});
