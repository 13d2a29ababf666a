import { request as http } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';

const MUG = seedProductId('cedar-ridge-mug');

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

/** Opens a page and waits for the header's island to hydrate (the box becomes a combobox). */
async function openHome(page: Page) {
  await page.goto('/faq');
  await expect(searchBox(page)).toBeVisible();
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`header suggestions on a ${name}`, () => {
    test.use({ viewport });

    test('typing "stonw" suggests the stoneware mug; the keyboard opens it', async ({ page }) => {
      await openHome(page);
      const box = searchBox(page);
      await box.pressSequentially('stonw', { delay: 30 });
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const mug = list.getByRole('option', { name: /Cedar Ridge Stoneware Mug/ });
      await expect(mug).toBeVisible();
      await expect(mug.locator('mark')).toHaveText('Stoneware');
      await expect(list.getByRole('option').last()).toHaveText("Search for 'stonw'");
      // The count is announced.
      await expect(page.locator('form[role="search"] [aria-live="polite"]')).toHaveText(
        /^\d+ suggestions?\. Use the up and down arrows to choose\.$/,
      );
      if (name === 'phone') {
        // While typing, the box takes the header's whole line (issue 39: it was 68 px wide).
        const field = await searchBox(page).boundingBox();
        expect(field!.width).toBeGreaterThan(viewport.width * 0.75);
        const box = await list.boundingBox();
        const header = await page.locator('header.site-header').boundingBox();
        expect(box!.x).toBe(0);
        expect(box!.width).toBe(viewport.width);
        expect(Math.round(box!.y)).toBe(Math.round(header!.y + header!.height));
      }
      // Arrow down to the mug: the input names it as the active option.
      const options = await list.getByRole('option').allTextContents();
      const at = options.findIndex((text) => text.includes('Cedar Ridge Stoneware Mug'));
      for (let step = 0; step <= at; step += 1) await box.press('ArrowDown');
      await expect(mug).toHaveAttribute('aria-selected', 'true');
      const active = await box.getAttribute('aria-activedescendant');
      expect(active).toBe(await mug.getAttribute('id'));
      // Up and down again come back to it.
      await box.press('ArrowUp');
      await expect(mug).toHaveAttribute('aria-selected', 'false');
      await box.press('ArrowDown');
      await expect(mug).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/productdetailpage/${MUG}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cedar Ridge Stoneware Mug');
    });

    test('Escape closes the list and keeps the text; Enter then searches', async ({ page }) => {
      await openHome(page);
      const box = searchBox(page);
      await box.pressSequentially('yoga', { delay: 30 });
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list.getByRole('option').first()).toBeVisible();
      await box.press('Escape');
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).toHaveValue('yoga');
      await box.press('ArrowDown');
      await expect(list).toBeVisible();
      await box.press('Escape');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=yoga$/);
    });
  });
}

test('a sold-out product is suggested as "Sold out", as its card says (issue 39)', async ({
  page,
}) => {
  await openHome(page);
  await searchBox(page).pressSequentially('blanket', { delay: 20 });
  const blanket = page.getByRole('option', { name: /Ferry Deck Plaid Picnic Blanket/ });
  await expect(blanket).toContainText('Sold out');
  // Only it: the other rows are products the shop has.
  const products = page.getByRole('option').filter({ has: page.locator('img, span') });
  expect(await products.count()).toBeGreaterThan(1);
  await expect(page.getByRole('option').filter({ hasText: 'Sold out' })).toHaveCount(1);
});

test('the last row searches for the text; a category row opens its listing', async ({ page }) => {
  await openHome(page);
  const box = searchBox(page);
  await box.pressSequentially('kitch', { delay: 30 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await list.getByRole('option', { name: 'Home › Kitchen' }).click();
  await expect(page).toHaveURL(/\/products\/Home\/Kitchen$/);
  await searchBox(page).pressSequentially('mug', { delay: 30 });
  await page.getByRole('option', { name: "Search for 'mug'" }).click();
  await expect(page).toHaveURL(/\/search\?q=mug$/);
});

test('no suggestions before the second character, and one request after a pause', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/product/suggest')) asked.push(new URL(request.url()).search);
  });
  await openHome(page);
  const box = searchBox(page);
  await box.press('m');
  await page.waitForTimeout(400);
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
  await box.pressSequentially('ountain', { delay: 20 });
  await expect(page.getByRole('option').last()).toHaveText("Search for 'mountain'");
  // Keys 20 ms apart are one pause-less burst: not a request per key (a stalled machine may let
  // one pause through), and the last one asks for the whole word.
  expect(asked.length).toBeLessThan('ountain'.length);
  expect(asked.at(-1)).toBe('?q=mountain');
});

test('a slow answer to an older query never replaces the newer one', async ({ page }) => {
  let slowAsked = false;
  await page.route('**/api/product/suggest?q=mo', async (route) => {
    slowAsked = true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route
      .fulfill({
        json: {
          products: [{ _id: MUG, title: 'Stale answer', price: 1, thumb: null, marks: [] }],
          shelves: [],
        },
      })
      .catch(() => undefined); // the browser gave up on it: as it should
  });
  await openHome(page);
  const box = searchBox(page);
  await box.pressSequentially('mo');
  await page.waitForTimeout(400); // the request for "mo" is on its way
  await box.pressSequentially('untain');
  await expect(page.getByRole('option').last()).toHaveText("Search for 'mountain'");
  await page.waitForTimeout(1_200); // the slow answer has come and gone
  expect(slowAsked).toBe(true);
  await expect(page.getByRole('option', { name: /Stale answer/ })).toHaveCount(0);
  await expect(page.getByRole('option').last()).toHaveText("Search for 'mountain'");
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the box still submits to /search', async ({ page }) => {
    await page.goto('/faq');
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('stoneware');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=stoneware$/);
    await expect(
      page.getByRole('link', { name: /Cedar Ridge Stoneware Mug/ }).first(),
    ).toBeVisible();
  });
});

test('the suggest answer is compressed and a shared cache may keep it briefly', async ({
  baseURL,
}) => {
  const answer = await new Promise<{ headers: Record<string, unknown>; bytes: number }>(
    (resolve, reject) => {
      const request = http(
        `${baseURL}/api/product/suggest?q=ba`,
        { headers: { 'accept-encoding': 'br, gzip' } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ headers: response.headers, bytes }));
        },
      );
      request.on('error', reject);
      request.end();
    },
  );
  expect(answer.headers['content-encoding']).toBe('br');
  expect(answer.headers['cache-control']).toBe(
    'public, max-age=10, s-maxage=60, stale-while-revalidate=60',
  );
  expect(answer.bytes).toBeLessThan(1024);
});
