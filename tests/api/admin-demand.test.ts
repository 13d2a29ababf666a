import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox, restockRequests } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { MOST_AWAITED } from '../../api/modules/inventory/admin/demand';
import { useApi, type ApiHarness } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

/** Issue 27 point 5: the owner sees how many shoppers wait, never who. */

const MUG = seedProductId('cedar-ridge-mug');
const CREAM = 'EG-MUG-CEDAR-CRM'; // sold out in the demo catalogue
const BLUE = 'EG-MUG-CEDAR-BLU';
const GREEN = 'EG-MUG-CEDAR-GRN';
const BLANKET = seedProductId('ferry-plaid-picnic-blanket'); // sold out, no variants
const BLANKET_SKU = 'EG-BLANKET-PICNIC';

interface StockRow {
  productId: string;
  sku: string;
  waiting: number;
  productWaiting: number;
}
interface Awaited {
  productId: string;
  title: string;
  variant: string | null;
  sku: string;
  waiting: number;
}

let ipCount = 0;
async function wait(api: ApiHarness, body: { productId: string; sku?: string; email: string }) {
  ipCount += 1;
  const answer = await api.post('/restock-alerts', body, {
    headers: { [CLIENT_IP_HEADER]: `198.51.100.${ipCount}` },
  });
  expect(answer.status, await answer.clone().text()).toBe(202);
  // Only confirmed requests count (issue 36): press the button of every confirmation this address got.
  const sent = await api.test.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, body.email.toLowerCase()), eq(outbox.kind, 'restock.requested')));
  for (const mail of sent) {
    const t = mail.text.match(/\/confirm-waiting\?t=([\w.-]+)/)![1]!;
    expect((await api.post('/restock-alerts/confirm', { t })).status).toBe(200);
  }
}

describe('the owner sees the demand', () => {
  const api = useApi({ seed: true });

  it('counts the waiting shoppers per row, per product, and lists the most-awaited sold-out items', async () => {
    const admin = await signedInAdmin(api);
    const dashboard = async () => {
      const answer = await api.get('/admin/dashboard', bearer(admin.token));
      expect(answer.status).toBe(200);
      return {
        text: await answer.clone().text(),
        body: (await answer.json()) as { mostAwaited: Awaited[] },
      };
    };
    expect((await dashboard()).body.mostAwaited).toEqual([]);

    const creamFans = [freshEmail('cream'), freshEmail('cream'), freshEmail('cream')];
    for (const email of creamFans) await wait(api, { productId: MUG, sku: CREAM, email });
    // The same address again (other case) is one request, one shopper.
    await wait(api, { productId: MUG, sku: CREAM, email: creamFans[0]!.toUpperCase() });
    const blanketFans = [freshEmail('blanket'), freshEmail('blanket')];
    for (const email of blanketFans) await wait(api, { productId: BLANKET, email });
    // Slate Blue sells out; one Cream fan waits for it too: two requests, still one shopper.
    const sold = await api.post(
      '/admin/products/stock',
      { sku: BLUE, quantity: 0 },
      bearer(admin.token),
    );
    expect(sold.status).toBe(200);
    await wait(api, { productId: MUG, sku: BLUE, email: creamFans[1]! });
    // A request left on an item in stock (as if just restocked) is counted but not "sold out".
    const early = freshEmail('early');
    await api.test.database.db
      .insert(restockRequests)
      .values({ email: early, productId: MUG, sku: GREEN, confirmedAt: new Date() });
    // A stranger's address typed in and never confirmed is not demand.
    const stranger = freshEmail('stranger');
    const typed = await api.post(
      '/restock-alerts',
      { productId: BLANKET, email: stranger },
      { headers: { [CLIENT_IP_HEADER]: '198.51.100.250' } },
    );
    expect(typed.status).toBe(202);
    const everyone = [...creamFans, ...blanketFans, early, stranger];

    const listed = await api.get('/admin/products', bearer(admin.token));
    expect(listed.status).toBe(200);
    const listText = await listed.clone().text();
    const rows = ((await listed.json()) as { items: StockRow[] }).items;
    const row = (sku: string) => rows.find((item) => item.sku === sku)!;
    expect(row(CREAM)).toMatchObject({ productId: MUG, waiting: 3, productWaiting: 4 });
    expect(row(BLUE)).toMatchObject({ waiting: 1, productWaiting: 4 });
    expect(row(GREEN)).toMatchObject({ waiting: 1, productWaiting: 4 });
    expect(row(BLANKET_SKU)).toMatchObject({ productId: BLANKET, waiting: 2, productWaiting: 2 });
    const others = rows.filter((item) => item.productId !== MUG && item.productId !== BLANKET);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((item) => item.waiting === 0 && item.productWaiting === 0)).toBe(true);

    const { text, body } = await dashboard();
    expect(body.mostAwaited).toEqual([
      {
        productId: MUG,
        title: 'Cedar Ridge Stoneware Mug',
        variant: 'Cream',
        sku: CREAM,
        waiting: 3,
      },
      {
        productId: BLANKET,
        title: 'Ferry Deck Plaid Picnic Blanket',
        variant: null,
        sku: BLANKET_SKU,
        waiting: 2,
      },
      {
        productId: MUG,
        title: 'Cedar Ridge Stoneware Mug',
        variant: 'Slate Blue',
        sku: BLUE,
        waiting: 1,
      },
    ]);
    expect(MOST_AWAITED).toBe(10);
    for (const email of everyone) {
      expect(listText.toLowerCase()).not.toContain(email.toLowerCase());
      expect(text.toLowerCase()).not.toContain(email.toLowerCase());
    }
  });

  it('is the owner’s only: 401 signed out, 403 for a customer', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api, freshEmail('nosy')));
    for (const path of ['/admin/products', '/admin/dashboard']) {
      expect((await api.get(path)).status).toBe(401);
      expect((await api.get(path, bearer(customer.token))).status).toBe(403);
    }
  });
});
