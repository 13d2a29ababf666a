import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { giftCardLedger, giftCards, orders, outbox, payments } from '../../api/db/schema';
import { hashGiftCardCode } from '../../api/modules/gift-cards/codes';
import { shopToday } from '../../core/gift-cards/model';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  confirm,
  enamelLine,
  GUEST,
  guestOrder,
  mugLine,
  sandboxToken,
  SEATTLE,
  variantStock,
} from '../helpers/orders';

/**
 * The shopper's paths on the embedded database (PGlite), the shop's default (issue 37 point 5: the
 * API suites run once, on PostgreSQL; on PGlite what is about it and a small smoke set): a guest
 * order end to end, and a gift card bought, then paying an order alone. The full files these come
 * from (orders.test.ts, gift-cards.test.ts) run on PostgreSQL; with no PostgreSQL every API file
 * runs on PGlite, and this one adds nothing, so it runs only there
 * (tests/embedded-database.mjs).
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the shop on its embedded database', () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;

  it('places a guest order: stock, the order, its payment and the two emails', async () => {
    const before = await variantStock(db(), 'EG-MUG-CEDAR-GRN');
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [mugLine(2), enamelLine(1)], token, SEATTLE, {
      ...GUEST,
      email: 'ada.embedded@example.com',
    });
    const response = await confirm(api, order);
    expect(response.status, await response.clone().text()).toBe(201);
    const body = (await response.json()) as { orderId: string; order: { total: number } };
    expect(body.order.total).toBe(73.93);

    expect(await variantStock(db(), 'EG-MUG-CEDAR-GRN')).toBe(before! - 2);
    const [row] = await db().select().from(orders).where(eq(orders.id, body.orderId));
    expect(row).toMatchObject({ subtotalCents: 6700, taxCents: 693, totalCents: 7393 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, row!.id));
    expect(payment).toMatchObject({ method: 'sandbox', status: 'paid', amountCents: 7393 });
    const mail = await db().select().from(outbox).orderBy(asc(outbox.kind));
    expect(mail.map((m) => [m.kind, m.to])).toEqual([
      ['order.confirmed', 'ada.embedded@example.com'],
      ['order.received', 'support@evergreen.example'],
    ]);
  });

  it('sells a gift card, whose balance then pays an order alone', async () => {
    const email = 'self.embedded@example.com';
    const { token } = await sandboxToken(api);
    const card = {
      _id: seedProductId('evergreen-gift-card'),
      title: 'Evergreen Gift Card',
      sku: 'EG-GIFTCARD-CUSTOM',
      quantity: 1,
      price: 50,
      giftCard: { recipientName: 'Ada', recipientEmail: email, deliverOn: shopToday(), amount: 50 },
    };
    const bought = await confirm(
      api,
      await guestOrder(api, [card as never], token, SEATTLE, { ...GUEST, email }),
    );
    expect(bought.status, await bought.clone().text()).toBe(201);
    const { order } = (await bought.json()) as { order: { giftCardCodes: { code: string }[] } };
    const code = order.giftCardCodes[0]!.code;
    const [row] = await db()
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(eq(giftCards.codeHash, hashGiftCardCode(code)));

    const spend = await guestOrder(api, [enamelLine(1)], '', SEATTLE, { ...GUEST, email });
    const paid = await confirm(api, {
      ...spend,
      billingInfo: { paymentMethodId: '', stored: false },
      giftCardCode: code,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const placed = (await paid.json()) as { order: { total: number; giftCardPaid: number } };
    expect(placed.order.giftCardPaid).toBe(placed.order.total);
    const [left] = await db()
      .select({ cents: sql<number>`sum(${giftCardLedger.amountCents})::int` })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, row!.id));
    expect(Number(left!.cents)).toBe(5000 - Math.round(placed.order.total * 100));
  });
});
