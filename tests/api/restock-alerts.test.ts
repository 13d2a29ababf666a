import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { openDatabase } from '../../api/db/client';
import { outbox, productVariants, restockRequests } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { runHousekeeping } from '../../api/modules/jobs/housekeeping';
import { releaseStock } from '../../api/modules/orders/stock';
import { RESTOCK_TEXT } from '../../core/restock/texts';
import { useApi, type ApiHarness } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer, freshEmail } from './auth-helpers';

const MUG = seedProductId('cedar-ridge-mug');
const CREAM = 'EG-MUG-CEDAR-CRM'; // sold out in the demo catalogue
const GREEN = 'EG-MUG-CEDAR-GRN'; // in stock
const BLANKET = seedProductId('ferry-plaid-picnic-blanket'); // sold out, no variants
const BLANKET_SKU = 'EG-BLANKET-PICNIC';

let ipCount = 0;
/** Each call from its own network address unless one is given (the per-address limit apart). */
function ask(api: ApiHarness, body: object, ip = `198.51.100.${(ipCount += 1) % 250}`) {
  return api.post('/restock-alerts', body, { headers: { [CLIENT_IP_HEADER]: ip } });
}

async function mails(api: ApiHarness, to: string, kind: string) {
  return api.test.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));
}

async function waiting(api: ApiHarness, email: string) {
  return api.test.database.db
    .select()
    .from(restockRequests)
    .where(eq(restockRequests.email, email));
}

const tokenIn = (text: string, link: 'stop' | 'confirm') => {
  const page = link === 'stop' ? '/api/restock-alerts/stop' : '/confirm-waiting';
  const match = text.match(new RegExp(`${page}\\?t=([\\w.-]+)`));
  expect(match, `a ${link} link`).not.toBeNull();
  return match![1]!;
};
const stopTokenIn = (text: string) => tokenIn(text, 'stop');

/** Presses the confirmation page's button, as the address's owner does (issue 36). */
async function confirm(api: ApiHarness, email: string) {
  const [mail] = await mails(api, email, 'restock.requested');
  const answer = await api.post('/restock-alerts/confirm', { t: tokenIn(mail!.text, 'confirm') });
  return answer.status;
}

/** Asks and confirms: the request now waits for real. */
async function askConfirmed(
  api: ApiHarness,
  body: { productId: string; sku?: string; email: string },
) {
  expect((await ask(api, body)).status).toBe(202);
  expect(await confirm(api, body.email)).toBe(200);
}

describe('back-in-stock requests', () => {
  const api = useApi({ seed: true });

  it('takes a request for a sold-out size, answering the same whoever is already waiting', async () => {
    const email = freshEmail('waiter');
    const first = await ask(api, { productId: MUG, sku: CREAM, email });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ message: RESTOCK_TEXT.confirmed });
    const again = await ask(api, { productId: MUG, sku: CREAM, email: email.toUpperCase() });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ message: RESTOCK_TEXT.confirmed });
    expect(await waiting(api, email)).toHaveLength(1);
    const confirmations = await mails(api, email, 'restock.requested');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain('Cedar Ridge Stoneware Mug (Cream)');
    stopTokenIn(confirmations[0]!.text);
  });

  it('refuses an item in stock, a digital product and an unknown one', async () => {
    const email = freshEmail('early');
    const inStock = await ask(api, { productId: MUG, sku: GREEN, email });
    expect(inStock.status).toBe(409);
    expect((await inStock.json()).error).toBe(RESTOCK_TEXT.inStock);
    const digital = await ask(api, {
      productId: seedProductId('rainier-sunrise-photo'),
      email,
    });
    expect(digital.status).toBe(400);
    expect((await digital.json()).error).toBe(RESTOCK_TEXT.notOffered);
    const unknown = await ask(api, { productId: MUG, sku: 'NO-SUCH-SKU', email });
    expect(unknown.status).toBe(404);
    const bad = await ask(api, { productId: MUG, sku: CREAM, email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(await waiting(api, email)).toHaveLength(0);
  });

  it('the owner restocks: one email each with the link, requests removed, a second restock sends nothing', async () => {
    const [a, b] = [freshEmail('a'), freshEmail('b')];
    for (const email of [a, b]) await askConfirmed(api, { productId: BLANKET, email });
    const { token } = await signedInAdmin(api);
    const restock = (quantity: number) =>
      api.post('/admin/products/stock', { sku: BLANKET_SKU, quantity }, bearer(token));
    expect((await restock(0)).status).toBe(200); // still sold out: nothing
    expect(await mails(api, a, 'restock.back')).toHaveLength(0);
    expect((await restock(3)).status).toBe(200);
    for (const email of [a, b]) {
      const sent = await mails(api, email, 'restock.back');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('Back in stock: Ferry Deck Plaid Picnic Blanket');
      expect(sent[0]!.text).toContain(`/productdetailpage/${BLANKET}`);
      expect(sent[0]!.text).not.toContain(email === a ? b : a);
      expect(await waiting(api, email)).toHaveLength(0);
    }
    await restock(0);
    await restock(5);
    expect(await mails(api, a, 'restock.back')).toHaveLength(1);
    // Put back as seeded for the other tests.
    await restock(0);
  });

  it('a cancel or a received return putting units back sends the email once', async () => {
    const email = freshEmail('cancel');
    await askConfirmed(api, { productId: MUG, sku: CREAM, email });
    await releaseStock(api.test.database.db, {
      products: [],
      variants: [{ sku: CREAM, units: 1 }],
    });
    expect(await mails(api, email, 'restock.back')).toHaveLength(1);
    await releaseStock(api.test.database.db, {
      products: [],
      variants: [{ sku: CREAM, units: 1 }],
    });
    expect(await mails(api, email, 'restock.back')).toHaveLength(1);
    await api.test.database.db
      .update(productVariants)
      .set({ quantity: 0 })
      .where(eq(productVariants.sku, CREAM));
  });

  it('the signed stop link removes the request; an altered one changes nothing', async () => {
    const email = freshEmail('stop');
    await ask(api, { productId: MUG, sku: CREAM, email });
    const [confirmation] = await mails(api, email, 'restock.requested');
    const token = stopTokenIn(confirmation!.text);
    const altered = await api.get(`/restock-alerts/stop?t=${token.slice(0, -2)}xx`);
    expect(altered.status).toBe(303);
    expect(altered.headers.get('location')).toBe('/stop-waiting?invalid=1');
    expect(await waiting(api, email)).toHaveLength(1);
    const stopped = await api.get(`/restock-alerts/stop?t=${token}`);
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get('location')).toBe('/stop-waiting?done=1');
    expect(await waiting(api, email)).toHaveLength(0);
  });

  it('throttles per network address and per email', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      statuses.push((await ask(api, { productId: BLANKET, email: freshEmail('ip') }, ip)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
    const email = freshEmail('often');
    const byEmail: number[] = [];
    for (let n = 0; n < 6; n += 1)
      byEmail.push((await ask(api, { productId: BLANKET, email })).status);
    expect(byEmail.slice(0, 5)).toEqual(Array(5).fill(202));
    expect(byEmail[5]).toBe(429);
  });

  it('housekeeping removes requests older than 180 days', async () => {
    const db = api.test.database.db;
    const [old, recent] = [freshEmail('old'), freshEmail('recent')];
    await db.insert(restockRequests).values([
      { email: old, productId: BLANKET, createdAt: sql`now() - interval '181 days'` as never },
      { email: recent, productId: BLANKET, createdAt: sql`now() - interval '179 days'` as never },
    ]);
    const round = await runHousekeeping(db);
    expect(round.restockRequests).toBeGreaterThanOrEqual(1);
    expect(await waiting(api, old)).toHaveLength(0);
    expect(await waiting(api, recent)).toHaveLength(1);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two app instances on one PostgreSQL', () => {
  const api = useApi({ seed: true });

  it('two concurrent restocks send one email', async () => {
    const other = await openDatabase({ url: api.test.url!, poolSize: 4 });
    try {
      const second = createApp({ database: other });
      const email = freshEmail('race');
      await askConfirmed(api, { productId: BLANKET, email });
      const { token } = await signedInAdmin(api);
      const restockOn = (handle: (request: Request) => Promise<Response>, quantity: number) =>
        handle(
          new Request('http://localhost/api/admin/products/stock', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ sku: BLANKET_SKU, quantity }),
          }),
        );
      const answers = await Promise.all([
        restockOn((request) => api.app.handle(request), 4),
        restockOn((request) => second.handle(request), 6),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await mails(api, email, 'restock.back')).toHaveLength(1);
      expect(await waiting(api, email)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
