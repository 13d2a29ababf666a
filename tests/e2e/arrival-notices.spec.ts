import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { isWorkingDay } from '../../core/arrival';
import { addDays } from '../../core/dates';
import { shopDayOf } from '../../core/shop-calendar';
import { copyOfPreparedDataDir } from '../helpers/data-dir';
import { openServer } from './support/server-process';

const mugId = seedProductId('campfire-enamel-mug');

/*
 * Issue 41 point 3: the notice bar's occasion notices and closure notes, drawn with the page. The
 * owner's settings change every page of a shop, so these run on a shop of their own (a copy of
 * the prepared data folder, its owner made first), in order. No fake clock: the occasions are
 * dated from today, with notice periods that start today or tomorrow.
 */
test.describe('the notice bar', () => {
  test.describe.configure({ mode: 'serial' });
  const OWNER = 'owner.arrival@example.com';
  const PASSWORD = 'alder harbor lantern notice';
  let shop: Awaited<ReturnType<typeof openServer>> | undefined;
  let owner: Record<string, string> = {};
  const today = shopDayOf(new Date());

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const dataDir = copyOfPreparedDataDir('evergreen-arrival-');
    const created = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin-create.ts', '--email', OWNER],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    expect(created.status, created.stderr).toBe(0);
    const link = new URL(/https?:\/\/\S+\/resetpassword\?\S+/.exec(created.stdout)![0]);
    shop = await openServer({ DATA_DIR: dataDir, TRUSTED_PROXIES: 'loopback' });
    const reset = await fetch(`${shop.base}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: link.searchParams.get('token'),
        email: link.searchParams.get('email'),
        newPassword: PASSWORD,
      }),
    });
    expect(reset.status, await reset.text()).toBe(200);
    const login = await fetch(`${shop.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: OWNER, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    owner = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  });

  test.afterAll(async () => {
    await shop?.stopped();
  });

  async function ownerAdds(what: 'occasions' | 'closures', body: object) {
    const answer = await fetch(`${shop!.base}/api/admin/arrival/${what}`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status, await answer.text()).toBeLessThan(300);
  }

  /** The notice bar's texts on `path`, as the page is sent (no script). */
  async function noticesOn(path: string): Promise<string[]> {
    const html = await (await fetch(`${shop!.base}${path}`)).text();
    const bar = /<div class="shop-notices[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    return [...bar.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((match) => decode(match[1]!.trim()));
  }

  test('an occasion whose notice period starts tomorrow says nothing yet', async () => {
    // Kept before the change: the product page must not stay as it was (kept-pages.ts).
    expect(await noticesOn(`/productdetailpage/${mugId}`)).toEqual([]);
    await ownerAdds('occasions', {
      name: 'Harvest Fair',
      date: addDays(today, 30),
      noticeDays: 29,
    });
    expect(await noticesOn(`/productdetailpage/${mugId}`)).toEqual([]);
    expect(await noticesOn('/cart')).toEqual([]);
  });

  test('an occasion whose notice period starts today names the last day to order, on a phone and a desktop', async ({
    browser,
  }) => {
    // The occasion falls on the latest day a parcel ordered today may arrive: today is the last
    // day to order, or the last day before the shop's next working day (an order on a weekend or
    // holiday starts being prepared on that working day, as one placed today does).
    const answer = await fetch(`${shop!.base}/api/arrival?product=${mugId}`);
    const { arrival } = (await answer.json()) as { arrival: { latest: string } };
    let nextWorkingDay = addDays(today, 1);
    while (!isWorkingDay(nextWorkingDay, [])) nextWorkingDay = addDays(nextWorkingDay, 1);
    const cutoff = addDays(nextWorkingDay, -1);
    await ownerAdds('occasions', {
      name: 'Midsummer Picnic',
      date: arrival.latest,
      noticeDays: daysBetween(today, arrival.latest),
    });
    const expected = `Order by ${monthDay(cutoff)} for delivery by Midsummer Picnic`;
    expect(await noticesOn(`/productdetailpage/${mugId}`)).toEqual([expected]);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      const context = await browser.newContext({ viewport, baseURL: shop!.base });
      const page = await context.newPage();
      await page.goto('/cart');
      const bar = page.getByTestId('shop-notices');
      await expect(bar).toHaveText(expected);
      await expect(bar).toBeVisible();
      await page.goto(`/productdetailpage/${mugId}`);
      await expect(page.getByTestId('shop-notices')).toHaveText(expected);
      await context.close();
    }
  });

  test("the owner's closure note shows beside it", async () => {
    await ownerAdds('closures', {
      from: addDays(today, 3),
      to: addDays(today, 5),
      note: 'Closed for our winter stocktake',
    });
    const notices = await noticesOn('/');
    expect(notices).toContain('Closed for our winter stocktake');
    expect(notices[0]).toMatch(
      / for delivery by Midsummer Picnic$|may not arrive by Midsummer Picnic$/,
    );
  });

  test('a prerendered page (the FAQ) shows the same notices once its script asks', async ({
    browser,
  }) => {
    const expected = await noticesOn('/');
    expect(expected).toContain('Closed for our winter stocktake');
    // Built without the server: the bar is sent empty and hidden.
    expect(await noticesOn('/faq')).toEqual([]);
    const context = await browser.newContext({ baseURL: shop!.base });
    const page = await context.newPage();
    await page.goto('/faq');
    const bar = page.getByTestId('shop-notices');
    await expect(bar).toBeVisible();
    await expect(bar.locator('p')).toHaveText(expected);
    await context.close();
  });
});

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "Dec 7" for 2026-12-07: written here, not with the shop's own formatter. */
function monthDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

function decode(html: string): string {
  return html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
