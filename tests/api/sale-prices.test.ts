import { afterAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, orderItems, orders } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { addDays } from '../../core/dates';
import { shopDayOf, shopMidnight } from '../../core/shop-calendar';
import { SALE_MESSAGES } from '../../core/admin/sale-body';
import type { ProductDto, VariantDto } from '../../core/product/model';
import { bodyOf, toFields, type Editable } from '../../src/islands/admin/product-fields';
import { useApi } from '../helpers/api';
import {
  confirm,
  enamelLine,
  guestOrder,
  mugLine,
  sandboxToken,
  type Line,
} from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/*
 * Sale prices end to end on the API (issue 42): the owner sets them through the admin product API
 * (as the editor sends them), the catalogue answers with them, search filters them, an order is
 * charged them, and the next shop day prices everything again. The clock is faked (Date only) so
 * "tomorrow" comes without waiting; the database's own clock is not involved.
 */
vi.useFakeTimers({ toFake: ['Date'] });
const noonOn = (day: string) => new Date(shopMidnight(day).getTime() + 12 * 3_600_000);
const today = shopDayOf(new Date());
const tomorrow = addDays(today, 1);
vi.setSystemTime(noonOn(today));
afterAll(() => vi.useRealTimers());

const ENAMEL = seedProductId('campfire-enamel-mug'); // $19, no variants, Under $30
const CEDAR = seedProductId('cedar-ridge-mug'); // variants: Forest Green $24 …
const FERN = seedProductId('sword-fern-print'); // $36, Gift Collection, not Under $30

type Sale = { price: string; startsOn: string | null; endsOn: string | null } | null;

describe('sale prices (issue 42)', () => {
  const api = useApi({ seed: true });
  let token = '';

  const editable = async (id: string) =>
    (await (await api.get(`/admin/products/${id}`, bearer(token))).json()) as Editable;

  /** Saves the product as the editor would, with the sale (and variant sales) given. */
  async function saveSale(id: string, sale: Sale, variantSales: Record<string, Sale> = {}) {
    const body = bodyOf(toFields(await editable(id)), [], false);
    const variants = body.variants?.map((variant) =>
      variant.sku in variantSales ? { ...variant, sale: variantSales[variant.sku] } : variant,
    );
    return api.post(`/admin/products/${id}`, { ...body, sale, variants }, bearer(token));
  }

  const detail = async (id: string) =>
    (await (await api.get(`/product/detail/${id}`)).json()) as ProductDto;
  const search = async (query: string) =>
    (await (await api.get(`/product/search?${query}`)).json()) as { products: ProductDto[] };
  const ids = (answer: { products: ProductDto[] }) => answer.products.map((p) => p._id);

  async function order(line: Line) {
    const { token: card } = await sandboxToken(api);
    const placed = await confirm(api, await guestOrder(api, [line], card));
    return placed;
  }
  async function chargedUnitCents(orderId: string) {
    const [item] = await api.test.database.db
      .select({ unit: orderItems.unitPriceCents, subtotal: orders.subtotalCents })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.orderId, orderId));
    return item;
  }

  it('the owner sets a sale through the admin API; it is audited', async () => {
    token = (await signedInAdmin(api)).token;
    const saved = await saveSale(ENAMEL, { price: '14.50', startsOn: today, endsOn: today });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await editable(ENAMEL)).toMatchObject({
      salePriceCents: 1450,
      saleStartsOn: today,
      saleEndsOn: today,
    });
    const [row] = await api.test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.edit'), eq(auditLog.entityId, ENAMEL)))
      .orderBy(desc(auditLog.createdAt));
    expect(row?.before).toMatchObject({ salePriceCents: null });
    expect(row?.after).toMatchObject({ salePriceCents: 1450, saleEndsOn: today });
  });

  it('refuses a sale not below the regular price, or ending before it starts', async () => {
    const above = await saveSale(FERN, { price: '36', startsOn: null, endsOn: null });
    expect(above.status).toBe(400);
    expect(((await above.json()) as { fields: object }).fields).toMatchObject({
      'sale.price': SALE_MESSAGES.belowRegular,
    });
    const backwards = await saveSale(FERN, { price: '25', startsOn: tomorrow, endsOn: today });
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { fields: object }).fields).toMatchObject({
      'sale.endsOn': SALE_MESSAGES.order,
    });
  });

  it('shows the sale on the product, in listings, in search and its "On sale" filter', async () => {
    expect(await detail(ENAMEL)).toMatchObject({
      price: 14.5,
      compareAtPrice: 19,
      saleEndsOn: today,
    });
    expect(await detail(FERN)).toMatchObject({ price: 36, compareAtPrice: null, saleEndsOn: null });
    const onSale = await search('onSale=1');
    expect(ids(onSale)).toEqual([ENAMEL]);
    expect(ids(await search('onSale=1&q=mug'))).toEqual([ENAMEL]);
    expect(ids(await search('onSale=1&q=fern'))).toEqual([]);
    const under30 = await search('category=Gift%20Collection&subcategory=Under%20%2430');
    expect(under30.products.find((p) => p._id === ENAMEL)).toMatchObject({ compareAtPrice: 19 });
    const cheap = await search('maxPrice=15');
    expect(ids(cheap)).toContain(ENAMEL);
    expect((await api.get('/product/search?onSale=yes')).status).toBe(400);
    const suggested = (await (await api.get('/product/suggest?q=enamel')).json()) as {
      products: { _id: string; price: number; compareAtPrice?: number }[];
    };
    expect(suggested.products.find((p) => p._id === ENAMEL)).toMatchObject({
      price: 14.5,
      compareAtPrice: 19,
    });
  });

  it('charges the sale price for an order placed during the sale', async () => {
    const placed = await order({ ...enamelLine(2), price: 14.5 });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    expect(await chargedUnitCents(orderId)).toEqual({ unit: 1450, subtotal: 2900 });
  });

  it('a variant takes its own sale, from tomorrow; the Under $30 shelf follows the price charged', async () => {
    const tomorrowOnly = { price: '18', startsOn: tomorrow, endsOn: tomorrow };
    expect((await saveSale(CEDAR, null, { 'EG-MUG-CEDAR-GRN': tomorrowOnly })).status).toBe(200);
    expect((await saveSale(FERN, { price: '25', startsOn: tomorrow, endsOn: null })).status).toBe(
      200,
    );
    const green = (product: ProductDto) =>
      (product.variants as VariantDto[]).find((variant) => variant.sku === 'EG-MUG-CEDAR-GRN');
    expect(green(await detail(CEDAR))).toMatchObject({ price: 24, compareAtPrice: null });
    const under30 = () => search('category=Gift%20Collection&subcategory=Under%20%2430');
    expect(ids(await under30())).not.toContain(FERN);

    // The next shop day: no restart, no change written; the first read prices it anew.
    vi.setSystemTime(noonOn(tomorrow));
    expect(green(await detail(CEDAR))).toMatchObject({
      price: 18,
      compareAtPrice: 24,
      saleEndsOn: tomorrow,
    });
    expect(await detail(ENAMEL)).toMatchObject({ price: 19, compareAtPrice: null });
    expect(await detail(FERN)).toMatchObject({ price: 25, compareAtPrice: 36, saleEndsOn: null });
    expect(ids(await under30())).toContain(FERN);
    expect(ids(await search('onSale=1')).sort()).toEqual([CEDAR, FERN].sort());
  });

  it('charges the regular price the day after the sale ended, and the variant its sale', async () => {
    const stale = await order({ ...enamelLine(1), price: 14.5 });
    expect(stale.status).not.toBe(201);
    const regular = await order(enamelLine(1));
    expect(regular.status, await regular.clone().text()).toBe(201);
    const { orderId } = (await regular.json()) as { orderId: string };
    expect(await chargedUnitCents(orderId)).toEqual({ unit: 1900, subtotal: 1900 });
    const green = await order({ ...mugLine(1), price: 18 });
    expect(green.status, await green.clone().text()).toBe(201);
    const greenId = ((await green.json()) as { orderId: string }).orderId;
    expect(await chargedUnitCents(greenId)).toEqual({ unit: 1800, subtotal: 1800 });
  });

  it('the owner ends a sale: null takes it off at once', async () => {
    token = (await signedInAdmin(api)).token; // the access token of yesterday has expired
    expect((await saveSale(FERN, null)).status).toBe(200);
    expect(await detail(FERN)).toMatchObject({ price: 36, compareAtPrice: null });
    expect(await editable(FERN)).toMatchObject({ salePriceCents: null, saleStartsOn: null });
  });
});
