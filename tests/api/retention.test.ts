import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  inboxReplies,
  orderItems,
  orders,
  outbox,
  users,
  type OrderAddress,
} from '../../api/db/schema';
import { runRetention } from '../../api/modules/jobs/retention';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { SEATTLE } from '../helpers/orders';

/**
 * The privacy policy's period (ORDER_RETENTION_DAYS): orders and contact messages older than it
 * lose names, emails, addresses and messages; totals, dates and line items stay; newer ones are
 * untouched. Small batches show that a round goes on batch after batch.
 */
const DAYS = 730;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const EMPTY: OrderAddress = { line1: '', line2: '', city: '', state: '', zipcode: '' };

describe('retention', () => {
  let test: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const [user] = await test.database.db
      .insert(users)
      .values({ email: 'old@example.com', firstname: 'Old', lastname: 'Buyer', passwordHash: 'x' })
      .returning();
    userId = user!.id;
  });
  afterAll(() => test?.cleanup());

  async function order(ageDays: number, subtotalCents: number) {
    const { db } = test.database;
    const [row] = await db
      .insert(orders)
      .values({
        userId,
        isGuest: false,
        email: 'old@example.com',
        firstname: 'Old',
        lastname: 'Buyer',
        shippingAddress: SEATTLE,
        billingAddress: SEATTLE,
        acceptedReturnPolicy: true,
        subtotalCents,
        taxRate: 0.1035,
        taxCents: Math.round(subtotalCents * 0.1035),
        totalCents: subtotalCents + Math.round(subtotalCents * 0.1035),
        paymentStatus: 'paid',
        shippingStatus: 'delivered',
        cancelReason: 'other',
        cancelNote: 'Old Buyer asked us to hold it.',
        createdAt: daysAgo(ageDays),
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: row!.id,
      position: 0,
      sku: 'EG-MUG-ENAMEL',
      title: 'Campfire Enamel Mug',
      category: 'mugs',
      supplier: 'warehouse',
      quantity: 2,
      unitPriceCents: subtotalCents / 2,
    });
    return row!;
  }

  it('anonymises orders and messages past the period and leaves newer ones as they are', async () => {
    const { db } = test.database;
    const old = await Promise.all([1, 2, 3, 4, 5].map((n) => order(DAYS + n, 3800 + n * 2)));
    const recent = await order(DAYS - 1, 5000);
    const [oldMessage] = await db
      .insert(contactMessages)
      .values({
        email: 'writer@example.com',
        subject: 'Order question',
        message: 'My name is Old Buyer and I live at 400 Pine St.',
        userId,
        createdAt: daysAgo(DAYS + 3),
      })
      .returning();
    const [oldGuestMessage] = await db
      .insert(contactMessages)
      .values({
        email: null,
        subject: 'Hello',
        message: 'No email given, but I am Old Guest of 12 Elm St.',
        createdAt: daysAgo(DAYS + 1),
      })
      .returning();
    const [newMessage] = await db
      .insert(contactMessages)
      .values({
        email: 'new@example.com',
        subject: 'Hello',
        message: 'A recent message.',
        createdAt: daysAgo(10),
      })
      .returning();
    // The owner's replies from the inbox: the old one loses the address and the words.
    await db.insert(inboxReplies).values([
      {
        kind: 'contact',
        itemId: oldMessage!.id,
        to: 'writer@example.com',
        subject: 'Re: Order question',
        message: 'Dear Old Buyer, it left 400 Pine St.',
        actorEmail: 'owner@example.com',
        createdAt: daysAgo(DAYS + 2),
      },
      {
        kind: 'contact',
        itemId: newMessage!.id,
        to: 'new@example.com',
        subject: 'Re: Hello',
        message: 'A recent reply.',
        actorEmail: 'owner@example.com',
        createdAt: daysAgo(9),
      },
    ]);
    await db.insert(outbox).values([
      {
        kind: 'order.confirmed',
        to: 'old@example.com',
        subject: 'Old',
        text: '400 Pine St',
        status: 'sent',
        createdAt: daysAgo(DAYS + 2),
      },
      {
        kind: 'order.confirmed',
        to: 'new@example.com',
        subject: 'New',
        text: '400 Pine St',
        status: 'sent',
        createdAt: daysAgo(2),
      },
    ]);
    const itemsBefore = await db.select().from(orderItems).orderBy(orderItems.orderId);

    const round = await runRetention(db, DAYS, { batchSize: 2, maxBatches: 10 });
    expect(round).toEqual({ orders: 5, contactMessages: 2, replies: 1, giftCards: 0, mail: 1 });
    expect(
      await db
        .select({ to: inboxReplies.to, message: inboxReplies.message })
        .from(inboxReplies)
        .orderBy(inboxReplies.createdAt),
    ).toEqual([
      { to: '', message: '' },
      { to: 'new@example.com', message: 'A recent reply.' },
    ]);

    const after = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          old.map((row) => row.id),
        ),
      );
    for (const row of after) {
      const before = old.find((o) => o.id === row.id)!;
      expect(row).toMatchObject({
        email: '',
        firstname: '',
        lastname: '',
        userId: null,
        shippingAddress: EMPTY,
        billingAddress: EMPTY,
        cancelReason: 'other',
        cancelNote: null,
        subtotalCents: before.subtotalCents,
        taxCents: before.taxCents,
        totalCents: before.totalCents,
        number: before.number,
      });
      expect(row.createdAt.getTime()).toBe(before.createdAt.getTime());
    }
    // Line items are kept for the books, every one of them as it was.
    expect(await db.select().from(orderItems).orderBy(orderItems.orderId)).toEqual(itemsBefore);

    const [untouched] = await db.select().from(orders).where(eq(orders.id, recent.id));
    expect(untouched).toEqual(recent);

    const [gone] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, oldMessage!.id));
    expect(gone).toMatchObject({ email: '', message: '', userId: null, subject: 'Order question' });
    const [guestGone] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, oldGuestMessage!.id));
    expect(guestGone).toMatchObject({ email: '', message: '' });
    const [kept] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, newMessage!.id));
    expect(kept).toEqual(newMessage);

    const mail = await db.select({ to: outbox.to }).from(outbox);
    expect(mail).toEqual([{ to: 'new@example.com' }]);

    // Nothing of the old customer is left in any old order's text.
    const [{ found }] = (
      (await db.execute(
        sql`select count(*)::int as found from orders where row_to_json(orders)::text ilike '%old@example.com%' and created_at < now() - interval '730 days'`,
      )) as unknown as { rows: { found: number }[] }
    ).rows as [{ found: number }];
    expect(found).toBe(0);

    // A second round has nothing left to do.
    expect(await runRetention(db, DAYS)).toEqual({
      orders: 0,
      contactMessages: 0,
      replies: 0,
      giftCards: 0,
      mail: 0,
    });
  });
});
