import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardLedger, giftCards, orderItems, orders, outbox } from '../../api/db/schema';
import { clearGiftRecipientEmails } from '../../api/modules/jobs/gift-recipients';
import { runRetention } from '../../api/modules/jobs/retention';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { SEATTLE } from '../helpers/orders';

/**
 * Issue 36 row 9: every copy of a person's data goes at its time, and not a moment before: a
 * gift's recipient email (the order's, the gift-card line's, the card's, the mail sent to it) 30
 * days after a cancel, 60 days after shipping when never marked delivered, 30 days after delivery;
 * past the retention period, gift cards' and order lines' names, emails and messages too. Rows are
 * backdated and the clock is injected; `copies` searches every table that could hold a copy.
 */
const DAY = 86_400_000;
const RETENTION = 730;
const at = (base: Date, days: number, ms = 0) => new Date(base.getTime() + days * DAY + ms);
const BASE = new Date('2026-03-01T12:00:00Z');

interface Seeded {
  order: string;
  card?: string;
}

describe('retention of every copy', () => {
  let test: TestDatabase;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.cleanup());

  /** How many rows of the tables that may copy personal data still hold `needle`. */
  async function copies(needle: string): Promise<number> {
    const result = (await db().execute(
      sql`select
        (select count(*) from orders t where row_to_json(t)::text ilike ${`%${needle}%`})
      + (select count(*) from order_items t where row_to_json(t)::text ilike ${`%${needle}%`})
      + (select count(*) from gift_cards t where row_to_json(t)::text ilike ${`%${needle}%`})
      + (select count(*) from outbox t where row_to_json(t)::text ilike ${`%${needle}%`}) as n`,
    )) as unknown;
    const rows = Array.isArray(result) ? result : (result as { rows: { n: unknown }[] }).rows;
    return Number((rows[0] as { n: unknown }).n);
  }

  /**
   * An order for `recipient`: a gift parcel (its email on the order, the shipped notice in the
   * outbox) or a gift card (on the line, the card, its delivery email), at the dates given.
   */
  async function seed(
    kind: 'parcel' | 'card',
    recipient: string,
    dates: { created?: Date; canceled?: Date; shipped?: Date; delivered?: Date; abandoned?: true },
  ): Promise<Seeded> {
    const buyer = `buyer-${randomUUID()}@example.com`;
    const status = dates.abandoned
      ? 'abandoned'
      : dates.canceled
        ? 'canceled'
        : dates.delivered
          ? 'delivered'
          : dates.shipped
            ? 'shipped'
            : 'unfulfilled';
    const [order] = await db()
      .insert(orders)
      .values({
        isGuest: true,
        email: buyer,
        firstname: 'Bea',
        lastname: 'Buyer',
        shippingAddress: SEATTLE,
        billingAddress: SEATTLE,
        acceptedReturnPolicy: true,
        subtotalCents: 2500,
        taxRate: 0,
        taxCents: 0,
        totalCents: 2500,
        paymentStatus: dates.canceled ? 'refunded' : 'paid',
        shippingStatus: status,
        giftMessage: kind === 'parcel' ? 'Happy birthday, Rita' : null,
        giftRecipientEmail: kind === 'parcel' ? recipient : null,
        createdAt: dates.created ?? BASE,
        canceledAt: dates.canceled ?? null,
        shippedAt: dates.shipped ?? null,
        deliveredAt: dates.delivered ?? null,
      })
      .returning();
    const details = {
      recipientName: 'Rita Recipient',
      recipientEmail: recipient,
      message: 'For Rita, with love',
      deliverOn: '2026-03-01',
    };
    const [line] = await db()
      .insert(orderItems)
      .values({
        orderId: order!.id,
        position: 0,
        sku: kind === 'card' ? 'EG-GIFTCARD-25' : 'EG-MUG-ENAMEL',
        title: kind === 'card' ? 'Gift card' : 'Campfire Enamel Mug',
        category: kind === 'card' ? 'gift cards' : 'mugs',
        supplier: 'warehouse',
        kind: kind === 'card' ? 'gift_card' : 'goods',
        quantity: 1,
        unitPriceCents: 2500,
        giftCard: kind === 'card' ? details : null,
      })
      .returning();
    if (kind === 'parcel') {
      if (dates.shipped) await mail('order.gift-shipped', recipient, dates.shipped);
      return { order: order!.id };
    }
    const [card] = await db()
      .insert(giftCards)
      .values({
        codeHash: randomUUID(),
        last4: 'WXYZ',
        orderId: order!.id,
        orderItemId: line!.id,
        initialCents: 2500,
        buyerName: 'Bea Buyer',
        buyerEmail: buyer,
        recipientName: details.recipientName,
        recipientEmail: recipient,
        message: details.message,
        deliverOn: details.deliverOn,
        deliveredAt: dates.created ?? BASE,
        disabledAt: dates.canceled ?? null,
        createdAt: dates.created ?? BASE,
      })
      .returning();
    await db()
      .insert(giftCardLedger)
      .values({ giftCardId: card!.id, kind: 'issue', amountCents: 2500, orderId: order!.id });
    await mail('giftcard.delivered', recipient, dates.created ?? BASE);
    return { order: order!.id, card: card!.id };
  }

  async function mail(kind: string, to: string, when: Date) {
    await db()
      .insert(outbox)
      .values({
        kind,
        to,
        subject: 'A gift',
        text: `Hello ${to}`,
        status: 'sent',
        createdAt: when,
      });
  }

  it('clears a gift recipient’s email everywhere at its time (clock injected)', async () => {
    const canceledParcel = `canceled-parcel-${randomUUID()}@example.com`;
    const canceledCard = `canceled-card-${randomUUID()}@example.com`;
    const lostParcel = `lost-parcel-${randomUUID()}@example.com`;
    const deliveredParcel = `delivered-parcel-${randomUUID()}@example.com`;
    const liveCard = `live-card-${randomUUID()}@example.com`;
    const unpaidParcel = `unpaid-parcel-${randomUUID()}@example.com`;
    await seed('parcel', canceledParcel, { canceled: BASE });
    const card = await seed('card', canceledCard, { canceled: BASE });
    await seed('parcel', lostParcel, { shipped: BASE });
    await seed('parcel', deliveredParcel, { shipped: at(BASE, -3), delivered: BASE });
    const live = await seed('card', liveCard, {});
    // Never paid (abandoned at checkout): 30 days after it was placed.
    await seed('parcel', unpaidParcel, { abandoned: true });
    const all = [canceledParcel, canceledCard, lostParcel, deliveredParcel, liveCard, unpaidParcel];
    const counts = async () => Promise.all(all.map(copies));

    const before = await counts();
    expect(before).toEqual([1, 3, 2, 2, 3, 1]);
    expect(await clearGiftRecipientEmails(db(), at(BASE, 30, -1000))).toBe(0);
    expect(await counts()).toEqual(before);

    // 30 days after the cancel or the delivery: those recipients are gone from every table.
    expect(await clearGiftRecipientEmails(db(), at(BASE, 30))).toBeGreaterThan(0);
    expect(await counts()).toEqual([0, 0, 2, 0, 3, 0]);
    expect(await clearGiftRecipientEmails(db(), at(BASE, 60, -1000))).toBe(0);
    expect(await copies(lostParcel)).toBe(2);

    // Shipped and never marked delivered: 60 days after shipping.
    expect(await clearGiftRecipientEmails(db(), at(BASE, 60))).toBeGreaterThan(0);
    expect(await counts()).toEqual([0, 0, 0, 0, 3, 0]);
    // A live card's recipient stays until the retention period; nothing else is left to do.
    expect(await clearGiftRecipientEmails(db(), at(BASE, 400))).toBe(0);
    expect(await copies(liveCard)).toBe(3);

    // What was cleared was the address only: the voided card's money and the gift stay.
    const [voided] = await db().select().from(giftCards).where(eq(giftCards.id, card.card!));
    expect(voided).toMatchObject({ recipientEmail: '', initialCents: 2500, last4: 'WXYZ' });
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, card.order));
    expect(line!.giftCard).toMatchObject({ recipientName: 'Rita Recipient', recipientEmail: '' });
    expect(live.card).toBeDefined();
  });

  it('past the retention period, gift cards and order lines lose names, emails and messages', async () => {
    const now = Date.now();
    const old = `old-${randomUUID()}@example.com`;
    const recent = `recent-${randomUUID()}@example.com`;
    const oldCard = await seed('card', old, { created: new Date(now - (RETENTION + 1) * DAY) });
    const recentCard = await seed('card', recent, {
      created: new Date(now - (RETENTION - 1) * DAY),
    });
    // A card that outlived its order's row (an owner deleted the order): its own date counts.
    await db().update(giftCards).set({ orderId: null }).where(eq(giftCards.id, oldCard.card!));
    const [recentBefore] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.id, recentCard.card!));
    expect(await copies(old)).toBe(3);

    await runRetention(db(), RETENTION);
    expect(await copies(old)).toBe(0);
    expect(await copies(recent)).toBe(3);
    const [scrubbed] = await db().select().from(giftCards).where(eq(giftCards.id, oldCard.card!));
    expect(scrubbed).toMatchObject({
      buyerName: '',
      buyerEmail: '',
      recipientName: '',
      recipientEmail: '',
      message: '',
      // Still a card: its code, amount and ledger are the books' and the holder's.
      last4: 'WXYZ',
      initialCents: 2500,
      disabledAt: null,
    });
    expect(scrubbed!.codeHash).not.toBeNull();
    const [line] = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, oldCard.order));
    expect(line!.giftCard).toEqual({
      recipientName: '',
      recipientEmail: '',
      message: '',
      deliverOn: '2026-03-01',
    });
    const [recentAfter] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.id, recentCard.card!));
    expect(recentAfter).toEqual(recentBefore);
    // A second round has nothing left to do.
    expect(await runRetention(db(), RETENTION)).toMatchObject({ orders: 0, giftCards: 0 });
  });
});
