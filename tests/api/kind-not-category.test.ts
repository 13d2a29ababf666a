import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  downloadGrants,
  giftCards,
  orderItems,
  productCategorizations,
  products,
} from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { loadConfig } from '../../api/config';
import { catalogueChanged, catalogueOf } from '../../api/modules/catalogue';
import { createPageCache } from '../../server/pages/kept-pages';
import { createPageServices } from '../../server/pages/services';
import { productPage } from '../../src/lib/catalogue-pages';
import type { SlipsAnswer } from '../../core/admin/slips';
import type { CartValidation } from '../../core/cart/model';
import { shopToday } from '../../core/gift-cards/model';
import { RATING_MESSAGES } from '../../core/ratings/model';
import { RESTOCK_TEXT } from '../../core/restock/texts';
import { useApi, type ApiHarness } from '../helpers/api';
import { confirm, enamelLine, GUEST, guestOrder, photoLine, sandboxToken } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

/*
 * Issue 35 point 6: what a product is comes from its kind, never from its category's name. The
 * owner renames the gift card's category "Presents" and the photo download's "Prints", and lists
 * a mug (goods) under "Digital": each still behaves as its kind in the cart, the order, the
 * packing slip, the ratings, the restock requests and the gift-card ledger.
 */
const CARD = seedProductId('evergreen-gift-card');
const PHOTO = seedProductId('rainier-sunrise-photo');
const MUG = seedProductId('campfire-enamel-mug');

async function recategorize(api: ApiHarness, productId: string, category: string) {
  const { db } = api.test.database;
  await db.update(products).set({ category }).where(eq(products.id, productId));
  await db.delete(productCategorizations).where(eq(productCategorizations.productId, productId));
  await db.insert(productCategorizations).values({ productId, category, subcategory: null });
}

describe('a product behaves as its kind, whatever its category is called', () => {
  const api: ApiHarness = useApi({ seed: true });
  const giftCard = {
    recipientName: 'Ada Lovelace',
    recipientEmail: GUEST.email,
    deliverOn: shopToday(),
  };
  const cardLine = (quantity: number) => ({
    _id: CARD,
    title: 'Evergreen Gift Card',
    sku: 'EG-GIFTCARD-50',
    quantity,
    price: 50,
    giftCard,
  });

  it('renames the categories', async () => {
    await recategorize(api, CARD, 'Presents');
    await recategorize(api, PHOTO, 'Prints');
    await recategorize(api, MUG, 'Digital');
    await catalogueChanged(api.test.database.db, { productIds: [CARD, PHOTO, MUG] });
    const rows = await api.test.database.db
      .select({ id: products.id, category: products.category, kind: products.kind })
      .from(products)
      .where(inArray(products.id, [CARD, PHOTO, MUG]));
    expect(new Map(rows.map((row) => [row.id, [row.category, row.kind]]))).toEqual(
      new Map([
        [CARD, ['Presents', 'gift_card']],
        [PHOTO, ['Prints', 'digital']],
        [MUG, ['Digital', 'goods']],
      ]),
    );
  });

  it('the cart keeps a photo at one, six gift cards, and three mugs; each line carries its kind', async () => {
    const response = await api.post('/cart/validate', {
      items: [
        { _id: PHOTO, sku: 'EG-DIGITAL-RAINIER', quantity: 3, price: 15 },
        { ...cardLine(6) },
        { _id: MUG, sku: 'EG-MUG-ENAMEL', quantity: 3, price: 19 },
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CartValidation;
    expect(
      body.items.map(({ _id, category, kind, quantity }) => ({ _id, category, kind, quantity })),
    ).toEqual([
      { _id: PHOTO, category: 'Prints', kind: 'digital', quantity: 1 },
      { _id: CARD, category: 'Presents', kind: 'gift_card', quantity: 6 },
      { _id: MUG, category: 'Digital', kind: 'goods', quantity: 3 },
    ]);
  });

  it('an order issues the card, grants the download, and the packing slip holds the mug alone', async () => {
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [cardLine(1), photoLine(), enamelLine(2)] as never, token);
    const response = await confirm(api, order);
    expect(response.status, await response.clone().text()).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const { db } = api.test.database;

    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const byProduct = new Map(lines.map((line) => [line.productId, line]));
    expect(byProduct.get(CARD)).toMatchObject({ kind: 'gift_card', taxCents: 0 });
    expect(byProduct.get(PHOTO)!.kind).toBe('digital');
    expect(byProduct.get(MUG)!.kind).toBe('goods');

    const cards = await db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
    expect(cards.map((card) => [card.initialCents, card.recipientEmail])).toEqual([
      [5000, GUEST.email],
    ]);
    const grants = await db
      .select()
      .from(downloadGrants)
      .where(eq(downloadGrants.orderId, orderId));
    expect(grants.map((grant) => grant.orderItemId)).toEqual([byProduct.get(PHOTO)!.id]);

    const admin = await signedInAdmin(api);
    const slips = await api.get(`/admin/slips?ids=${orderId}`, bearer(admin.token));
    expect(slips.status, await slips.clone().text()).toBe(200);
    const { slips: [slip] = [] } = (await slips.json()) as SlipsAnswer;
    expect(slip!.lines.map((line) => [line.sku, line.quantity])).toEqual([['EG-MUG-ENAMEL', 2]]);
  });

  it('the photo cannot be rated and the mug can; neither card nor photo is waited for', async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('rater'));
    const { token } = await logIn(client, account);
    const photo = await api.post(`/product/${PHOTO}/rate`, { type: 'up' }, bearer(token));
    expect(photo.status).toBe(409);
    expect((await photo.json()).error).toBe(RATING_MESSAGES.digital);
    const mug = await api.post(`/product/${MUG}/rate`, { type: 'up' }, bearer(token));
    expect(mug.status).toBe(200);

    for (const productId of [PHOTO, CARD]) {
      const wait = await api.post(
        '/restock-alerts',
        { productId, email: freshEmail('waiter') },
        { headers: { [CLIENT_IP_HEADER]: '198.51.100.77' } },
      );
      expect(wait.status).toBe(400);
      expect((await wait.json()).error).toBe(RESTOCK_TEXT.notOffered);
    }
  });

  it('the product pages read the kind: no ratings and a landscape photo for the photo, ratings for the mug', async () => {
    const { database } = api.test;
    const shop = createPageServices(
      database,
      loadConfig({ NODE_ENV: 'test' }),
      createPageCache(() => catalogueOf(database.db)),
    );
    const photo = await productPage(shop, PHOTO);
    expect(photo.product).toMatchObject({ category: 'Prints', kind: 'digital' });
    expect(photo.showRatings).toBe(false);
    expect(Object.values(photo.images).map(({ width, height }) => [width, height])).toEqual([
      [1200, 800],
    ]);
    const mug = await productPage(shop, MUG);
    expect(mug.product).toMatchObject({ category: 'Digital', kind: 'goods' });
    expect(mug.showRatings).toBe(true);
    expect(Object.values(mug.images)[0]).toMatchObject({ width: 800, height: 800 });
    const card = await productPage(shop, CARD);
    expect(card.product).toMatchObject({ category: 'Presents', kind: 'gift_card' });
  });
});
