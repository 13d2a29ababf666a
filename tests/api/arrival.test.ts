import { eq, inArray, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, outbox, shopClosures } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { startScheduledJobs } from '../../api/modules/jobs';
import { paymentsFromConfig } from '../../api/modules/payments/setup';
import type { ShopDetails } from '../../api/modules/mail';
import { forgetArrivalSettings } from '../../api/modules/shipping-calendar';
import {
  arrivalWindow,
  cartArrivalWindow,
  DEFAULT_TRANSIT,
  occasionNotice,
  type CartArrival,
} from '../../core/arrival';
import { ARRIVAL_SETTINGS_MESSAGES, type ArrivalSettingsDto } from '../../core/arrival-settings';
import { addDays } from '../../core/dates';
import { shopDayOf } from '../../core/shop-calendar';
import { useApi, type ApiHarness } from '../helpers/api';
import { confirm, guestOrder, mugLine, photoLine, sandboxToken, SEATTLE } from '../helpers/orders';
import { paidOrder, signedInAdmin } from './admin-helpers';
import { authClient, bearer, logIn, registerVerified } from './auth-helpers';

/*
 * Issue 41: the promise is stored when the order is placed and never recomputed; the owner's
 * settings are admin-only and audited; the back office lists orders by ship-by day and marks the
 * day's and the late ones; the morning digest lists what must ship today.
 */
const SHOP: ShopDetails = {
  siteName: 'Evergreen',
  siteUrl: 'https://shop.example',
  shopEmail: 'owner@shop.example',
  returnAddress: '1 Main St',
};

const rowOf = async (api: ApiHarness, id: string) =>
  (await api.test.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

const auditsOf = (api: ApiHarness, action: string) =>
  api.test.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('arrival dates (issue 41)', () => {
  const api: ApiHarness = useApi({ seed: true });

  it('stores the window promised at placement, unchanged after the settings change', async () => {
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [mugLine(1)], token);
    const quoted = await api.post('/orders/quote', {
      items: [mugLine(1)],
      shippingAddress: SEATTLE,
    });
    const { arrival } = (await quoted.json()) as { arrival: CartArrival };
    const placed = await confirm(api, order);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const body = (await placed.json()) as { orderId: string; order: { promised: unknown } };
    const row = await rowOf(api, body.orderId);
    const expected = arrivalWindow({ now: row.createdAt, closures: [], transit: DEFAULT_TRANSIT });
    expect({
      earliest: row.promisedEarliest,
      latest: row.promisedLatest,
      shipBy: row.shipBy,
    }).toEqual(expected);
    expect(body.order.promised).toEqual(expected);
    expect(arrival).toMatchObject({ kind: 'parcel', ...expected });

    // The owner closes the shop for the next two weeks and slows Washington down.
    const admin = await signedInAdmin(api);
    const today = shopDayOf(new Date());
    const closed = { from: today, to: addDays(today, 14), note: 'Closed for stocktaking' };
    expect((await api.post('/admin/arrival/closures', closed, bearer(admin.token))).status).toBe(
      200,
    );
    const slow = { state: 'WA', min: 9, max: 12 };
    const put = await api.app.handle(
      new Request('http://localhost/api/admin/arrival/transit', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...bearer(admin.token).headers },
        body: JSON.stringify(slow),
      }),
    );
    expect(put.status, await put.clone().text()).toBe(200);
    // A new quote counts the new settings; the order keeps its promise.
    const requoted = await api.post('/orders/quote', {
      items: [mugLine(1)],
      shippingAddress: SEATTLE,
    });
    const later = ((await requoted.json()) as { arrival: CartArrival & { latest: string } })
      .arrival;
    expect(later.latest > expected.latest).toBe(true);
    const kept = await rowOf(api, body.orderId);
    expect({
      earliest: kept.promisedEarliest,
      latest: kept.promisedLatest,
      shipBy: kept.shipBy,
    }).toEqual(expected);
    // The back office's order carries it as the shopper's pages do.
    const detail = await api.get(`/admin/orders/${body.orderId}`, bearer(admin.token));
    expect(((await detail.json()) as { order: { promised: unknown } }).order.promised).toEqual(
      expected,
    );
    // Put back by hand, so the settings kept in memory are forgotten as an owner's change does.
    await api.test.database.db.delete(shopClosures);
    forgetArrivalSettings(api.test.database.db);
  });

  it('promises nothing to an order with nothing to ship, and says so in the quote', async () => {
    const quoted = await api.post('/orders/quote', {
      items: [photoLine()],
      shippingAddress: null,
      billingAddress: SEATTLE,
    });
    expect(((await quoted.json()) as { arrival: CartArrival }).arrival).toEqual({
      kind: 'digital',
      text: 'Download right after payment',
    });
  });

  it("counts a personalized line's lead time in the quote", async () => {
    const named = {
      ...mugLine(1),
      price: 30,
      personalization: [{ key: 'name', label: 'Name on the mug', value: 'Jo' }],
    };
    const quoted = await api.post('/orders/quote', { items: [named], shippingAddress: SEATTLE });
    const { arrival } = (await quoted.json()) as { arrival: CartArrival };
    const settings = await settingsOf(api);
    const transit = settings.transit.find((row) => row.state === 'WA')!;
    expect(arrival).toEqual(
      cartArrivalWindow([{ kind: 'goods', leadTimeDays: 2 }], {
        now: new Date(),
        closures: settings.closures,
        transit,
      }),
    );
  });

  it('answers a product’s arrival for a state, and refuses what it cannot answer', async () => {
    const answer = await api.get(`/arrival?product=${seedProductId('cedar-ridge-mug')}&state=OR`);
    expect(answer.status).toBe(200);
    const { arrival } = (await answer.json()) as {
      arrival: CartArrival & { personalized: unknown };
    };
    const now = new Date();
    expect(arrival).toMatchObject(cartArrivalWindow([{ kind: 'goods' }], { now, closures: [] })!);
    expect(arrival.personalized).toEqual(
      cartArrivalWindow([{ kind: 'goods', leadTimeDays: 2 }], { now, closures: [] }),
    );
    const unknown = await api.get('/arrival?product=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(
      (await api.get(`/arrival?product=${seedProductId('cedar-ridge-mug')}&state=AK`)).status,
    ).toBe(400);
  });

  it('closures: admin-only, checked, audited, shown to shoppers', async () => {
    const today = shopDayOf(new Date());
    const closure = { from: addDays(today, 3), to: addDays(today, 5), note: '' };
    expect((await api.post('/admin/arrival/closures', closure)).status).toBe(401);
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    expect(
      (await api.post('/admin/arrival/closures', closure, bearer(customer.token))).status,
    ).toBe(403);

    const admin = await signedInAdmin(api);
    const backwards = await api.post(
      '/admin/arrival/closures',
      { ...closure, to: addDays(today, 1) },
      bearer(admin.token),
    );
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain(ARRIVAL_SETTINGS_MESSAGES.order);

    const added = await api.post('/admin/arrival/closures', closure, bearer(admin.token));
    expect(added.status).toBe(200);
    const settings = (await added.json()) as ArrivalSettingsDto;
    const saved = settings.closures.find((row) => row.from === closure.from)!;
    expect(saved).toMatchObject(closure);
    expect(await auditsOf(api, 'arrival.closure-add')).toContainEqual(
      expect.objectContaining({ entityId: String(saved.id), after: closure }),
    );
    const notices = (await (await api.get('/arrival/notices')).json()) as { notices: unknown[] };
    expect(notices.notices).toContainEqual({
      kind: 'closure',
      text: expect.stringMatching(/^Closed /),
    });

    const removed = await api.app.handle(
      new Request(`http://localhost/api/admin/arrival/closures/${saved.id}`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...bearer(admin.token).headers },
        body: '{}',
      }),
    );
    expect(removed.status).toBe(200);
    expect(await auditsOf(api, 'arrival.closure-remove')).toHaveLength(1);
    expect((await settingsOf(api)).closures).toEqual([]);
  });

  it('occasions: the notice bar counts down to them from their notice days', async () => {
    const admin = await signedInAdmin(api);
    const today = shopDayOf(new Date());
    const occasion = { name: 'Grandparents Day', date: addDays(today, 20), noticeDays: 25 };
    const added = await api.post('/admin/arrival/occasions', occasion, bearer(admin.token));
    expect(added.status).toBe(200);
    expect(await auditsOf(api, 'arrival.occasion-add')).toHaveLength(1);
    const settings = (await added.json()) as ArrivalSettingsDto;
    const slowest = Math.max(...settings.transit.map((row) => row.max));
    const fastest = Math.min(...settings.transit.map((row) => row.min));
    const expected = occasionNotice({
      now: new Date(),
      occasions: [occasion],
      closures: [],
      transit: { min: fastest, max: slowest },
    });
    const answer = (await (await api.get('/arrival/notices')).json()) as { notices: unknown[] };
    expect(answer.notices).toContainEqual({ kind: 'occasion', text: expected!.text });
  });
});

async function settingsOf(api: ApiHarness): Promise<ArrivalSettingsDto> {
  const admin = await signedInAdmin(api);
  return (await (
    await api.get('/admin/arrival', bearer(admin.token))
  ).json()) as ArrivalSettingsDto;
}

describe('the owner ships on time (issue 41)', () => {
  const api: ApiHarness = useApi({ seed: true });

  it('sorts unfulfilled orders by ship-by day, marks today’s and late ones, counts them', async () => {
    const admin = await signedInAdmin(api);
    const today = shopDayOf(new Date());
    const [later, late, due, shipped] = [
      await paidOrder(api),
      await paidOrder(api),
      await paidOrder(api),
      await paidOrder(api),
    ];
    const db = api.test.database.db;
    const setShipBy = (id: string, shipBy: string | null) =>
      db.update(orders).set({ shipBy }).where(eq(orders.id, id));
    await db
      .update(orders)
      .set({ shipBy: null })
      .where(notInArray(orders.id, [later!, late!, due!, shipped!]));
    await setShipBy(later!, addDays(today, 3));
    await setShipBy(late!, addDays(today, -2));
    await setShipBy(due!, today);
    await setShipBy(shipped!, addDays(today, -5));
    const ship = await api.post(
      `/admin/orders/${shipped}/ship`,
      { carrier: 'USPS', trackingNumber: '9400 1118 9922 3100 0000 01' },
      bearer(admin.token),
    );
    expect(ship.status).toBe(200);

    const list = await api.get('/admin/orders?status=unfulfilled', bearer(admin.token));
    const rows = ((await list.json()) as { orders: { id: string; shipMark: string | null }[] })
      .orders;
    expect(rows.slice(0, 3).map((row) => [row.id, row.shipMark])).toEqual([
      [late, 'late'],
      [due, 'today'],
      [later, null],
    ]);
    const all = await api.get('/admin/orders?status=all', bearer(admin.token));
    const shippedRow = (
      (await all.json()) as { orders: { id: string; shipMark: string | null }[] }
    ).orders.find((row) => row.id === shipped);
    expect(shippedRow?.shipMark).toBeNull();

    const dashboard = await api.get('/admin/dashboard', bearer(admin.token));
    expect(await dashboard.json()).toMatchObject({ shipToday: 1, shipLate: 1 });
  });

  it('the morning digest lists the orders that must ship today, the late ones first', async () => {
    const db = api.test.database.db;
    const [due, late, notYet] = [await paidOrder(api), await paidOrder(api), await paidOrder(api)];
    const mine = [due!, late!, notYet!];
    await db.update(orders).set({ shipBy: null }).where(notInArray(orders.id, mine));
    const morning = new Date('2031-03-12T15:00:00Z'); // 08:00 in Seattle (PDT)
    await db.update(orders).set({ shipBy: '2031-03-12' }).where(eq(orders.id, due!));
    await db.update(orders).set({ shipBy: '2031-03-10' }).where(eq(orders.id, late!));
    await db.update(orders).set({ shipBy: '2031-03-13' }).where(eq(orders.id, notYet!));
    const numbers = await db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inArray(orders.id, mine));
    const number = (id: string) => numbers.find((row) => row.id === id)!.number;

    // A round of the scheduled jobs at 08:00 on that day, as the server runs them.
    const jobs = startScheduledJobs({
      database: api.test.database,
      recovery: { db, gateway: paymentsFromConfig(db).gateway, shop: SHOP },
      recoverAfterMs: 60 * 60_000,
      retentionDays: 730,
      everyMs: 60 * 60_000,
      now: () => morning,
    });
    await jobs.stop();
    const [mail] = await db.select().from(outbox).where(eq(outbox.kind, 'stock.low-digest'));
    expect(mail!.subject).toBe('Ship today: 2 orders');
    const text = mail!.text;
    expect(text).toContain(`Order ${number(late!)}: late, ship-by day was Mar 10`);
    expect(text).toContain(`Order ${number(due!)}: ship by today, Mar 12`);
    expect(text.indexOf(`Order ${number(late!)}`)).toBeLessThan(
      text.indexOf(`Order ${number(due!)}`),
    );
    expect(text).not.toContain(`Order ${number(notYet!)}`);
  });
});
