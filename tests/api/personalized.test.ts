import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import type { CartValidation } from '../../core/cart/model';
import { confirm, guestOrder, mugLine, sandboxToken, SEATTLE, type Line } from '../helpers/orders';
import { useApi, type ApiHarness } from '../helpers/api';
import { auditLog } from '../../api/db/schema';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';
import { bodyOf, toFields, type Editable } from '../../src/islands/admin/product-fields';
import { desc } from 'drizzle-orm';

/*
 * Issue 40: a personalized line's text is checked by the server against the product's own rules
 * (the seeded Cedar Ridge mug: "Name on the mug", up to 14 characters, letters, digits, spaces and
 * & . ' -, $6.00 added), its add-on priced by the server, each text its own line of at most 6, and
 * the order line keeps the text.
 */
const named = (name: string, quantity = 1, price = 30) => ({
  ...mugLine(quantity),
  price,
  personalization: [{ key: 'name', label: 'Name on the mug', value: name }],
});

describe('personalized items', () => {
  const api: ApiHarness = useApi({ seed: true });

  const quote = (items: unknown[]) =>
    api.post('/orders/quote', { items, shippingAddress: SEATTLE });

  it.each([
    ['Grandma <3', "Name on the mug can only contain letters, digits, spaces and & . ' -"],
    ['Grandma\u0000Jo', "Name on the mug can only contain letters, digits, spaces and & . ' -"],
    ['Josephine Marchbanks', 'Name on the mug can be at most 14 characters'],
  ])('refuses %j with the field’s sentence (400)', async (name, message) => {
    const response = await quote([named(name)]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);

    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [mugLine(1)], token);
    const refused = await confirm(api, { ...order, items: [named(name)] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(message);
  });

  it('names the refused text under its own line’s field, for the form to show it there', async () => {
    const message = 'Name on the mug can be at most 14 characters';
    const response = await quote([named('Jo', 1), named('Josephine Marchbanks', 1)]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: message,
      fields: { 'items.1.personalization.name': message },
    });
  });

  it('refuses a text on a product that takes none', async () => {
    const response = await quote([
      {
        ...mugLine(1),
        _id: seedProductId('campfire-enamel-mug'),
        sku: 'EG-MUG-ENAMEL',
        personalization: [{ key: 'name', value: 'Jo' }],
      },
    ]);
    expect(response.status).toBe(400);
  });

  it('prices the add-on itself, whatever the browser sent', async () => {
    // The browser claims the mug at its plain price and a zero add-on of its own invention.
    const tampered = { ...named('Grandma Jo', 2, 24), personalizationCents: 0 };
    const quoted = await quote([tampered]);
    expect(quoted.status).toBe(200);
    const figures = (await quoted.json()) as { items: { price: number }[]; subtotal: number };
    expect(figures.items[0]!.price).toBe(30);
    expect(figures.subtotal).toBe(60);

    const checked = await api.post('/cart/validate', { items: [tampered] });
    const validation = (await checked.json()) as CartValidation;
    expect(validation.items[0]!.price).toBe(30);
    expect(validation.changes.map((change) => change.kind)).toEqual(['price']);

    // An order sent with the tampered price and figures is refused; nothing is charged.
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [tampered as Line], token);
    const refused = await confirm(api, {
      ...order,
      subtotal: 48,
      total: 48 + Math.round(48 * order.salesTax * 100) / 100,
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'The price of Cedar Ridge Stoneware Mug is now $30.00. Please review your order and confirm again.',
    );
    const placed = await api.test.database.db.select().from(orders);
    expect(placed).toHaveLength(0);
  });

  it('holds 6 per line per text: two names are two lines of 6; one name twice is one line', async () => {
    const checked = await api.post('/cart/validate', {
      items: [named('Grandma Jo', 6), named('Uncle Sam', 6)],
    });
    const two = (await checked.json()) as CartValidation;
    expect(two.items.map((line) => [line.personalization?.[0]?.value, line.quantity])).toEqual([
      ['Grandma Jo', 6],
      ['Uncle Sam', 6],
    ]);
    expect(two.changes).toEqual([]);

    const same = await api.post('/cart/validate', {
      items: [named('Grandma Jo', 4), named(' Grandma Jo ', 4)],
    });
    const one = (await same.json()) as CartValidation;
    expect(one.items.map((line) => line.quantity)).toEqual([6]);
    expect(one.changes.map((change) => change.kind)).toEqual(['quantity']);

    // An order takes two lines of 6 of one sku with two names, and refuses 7 on one line.
    expect((await quote([named('Grandma Jo', 6), named('Uncle Sam', 6)])).status).toBe(200);
    expect((await quote([named('Grandma Jo', 7)])).status).toBe(400);
    expect((await quote([named('Grandma Jo', 1), named('Grandma Jo', 1)])).status).toBe(400);
  });

  it('keeps each line’s text and add-on on the order, taxed with the add-on', async () => {
    const { token } = await sandboxToken(api);
    const order = await guestOrder(
      api,
      [named('Grandma Jo', 1), named('Uncle Sam', 2)] as Line[],
      token,
    );
    const response = await confirm(api, order);
    expect(response.status, await response.clone().text()).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const db = api.test.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    expect(
      lines.map(({ personalization, personalizationCents, unitPriceCents, quantity }) => ({
        personalization,
        personalizationCents,
        unitPriceCents,
        quantity,
      })),
    ).toEqual([
      {
        personalization: [{ key: 'name', label: 'Name on the mug', value: 'Grandma Jo' }],
        personalizationCents: 600,
        unitPriceCents: 3000,
        quantity: 1,
      },
      {
        personalization: [{ key: 'name', label: 'Name on the mug', value: 'Uncle Sam' }],
        personalizationCents: 600,
        unitPriceCents: 3000,
        quantity: 2,
      },
    ]);
    expect(row!.subtotalCents).toBe(9000);
    // The tax is on the line amounts including the add-on.
    expect(lines.reduce((sum, line) => sum + line.taxCents, 0)).toBe(row!.taxCents);
    expect(row!.taxCents).toBe(Math.round(9000 * row!.taxRate));
  });

  it('the product editor saves a product’s fields with the shared schema, audited', async () => {
    const admin = await signedInAdmin(api);
    const id = seedProductId('campfire-enamel-mug');
    const loaded = (await (
      await api.get(`/admin/products/${id}`, bearer(admin.token))
    ).json()) as Editable;
    expect(loaded.personalization).toBeNull();
    const fields = toFields(loaded);
    const body = (personalization: unknown) => ({
      ...bodyOf(fields, [], false),
      categories: loaded.categories,
      personalization,
    });
    const settings = {
      fields: [
        {
          key: 'initials',
          label: 'Initials on the mug',
          kind: 'monogram',
          maxLength: 3,
          letters: true,
          digits: false,
          spaces: false,
          symbols: '',
          required: true,
          priceCents: 450,
        },
      ],
      leadTimeDays: 4,
      preview: { x: 50, y: 60, width: 30, size: 7, font: 'serif', color: '#ffffff', rotation: 0 },
    };
    const refused = await api.post(
      `/admin/products/${id}`,
      body({ ...settings, leadTimeDays: 99 }),
      bearer(admin.token),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      'personalization.leadTimeDays': 'Enter a lead time of 0 to 60 business days.',
    });

    const saved = await api.post(`/admin/products/${id}`, body(settings), bearer(admin.token));
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = (await (
      await api.get(`/admin/products/${id}`, bearer(admin.token))
    ).json()) as Editable;
    expect(after.personalization).toEqual(settings);
    const [entry] = await api.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry!.action).toBe('product.edit');
    expect((entry!.after as { personalization: unknown }).personalization).toEqual(settings);
    expect((entry!.before as { personalization: unknown }).personalization).toBeNull();

    // The shop now asks for the initials: a plain line is refused with the field's sentence.
    const quoted = await quote([
      { _id: id, title: 'Campfire Enamel Mug', sku: 'EG-MUG-ENAMEL', quantity: 1, price: 23.5 },
    ]);
    expect(quoted.status).toBe(400);
    expect(((await quoted.json()) as { error: string }).error).toBe(
      'Initials on the mug is required',
    );
  });
});
