import { expect, test } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';

/*
 * Islands hydrated `client:idle` work on a page that never gives the browser an idle moment.
 * requestIdleCallback is replaced by one that calls back only when its timeout runs out, as on a
 * page whose main thread stays busy (and as in Chromium's headless shell when nothing repaints,
 * where the header once stayed server-rendered for more than 20 s). Every such island names a
 * timeout (src/lib/hydration.ts); one without would stay server-rendered here: no menu, no cart
 * count, no Add to cart.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const neverIdle = (callback: IdleRequestCallback, options?: IdleRequestOptions) =>
      options?.timeout === undefined
        ? 0
        : window.setTimeout(
            () => callback({ didTimeout: true, timeRemaining: () => 0 }),
            options.timeout,
          );
    window.requestIdleCallback = neverIdle;
  });
});

const PAGES = [
  { path: '/faq', islands: ['Notices', 'HeaderActions'] },
  { path: '/contactus', islands: ['Notices', 'HeaderActions', 'ContactForm'] },
  {
    path: `/productdetailpage/${seedProductId('cedar-ridge-mug')}`,
    islands: ['Notices', 'HeaderActions', 'ProductDetail', 'ProductRating'],
  },
];

for (const { path, islands } of PAGES) {
  test(`with no idle moment, ${path}'s islands hydrate within their timeout`, async ({ page }) => {
    await page.goto(path);
    const idleIslands = page.locator('astro-island[client="idle"]');
    for (const island of islands) {
      await expect(idleIslands.and(page.locator(`[component-url*="${island}"]`))).toHaveCount(1);
    }
    // The timeout is 1.5 s; the rest is room for a busy machine.
    await expect(page.locator('astro-island[client="idle"][ssr]')).toHaveCount(0, {
      timeout: 10_000,
    });
  });
}

test('with no idle moment, the header menu opens once the header has hydrated', async ({
  page,
}) => {
  await page.goto('/faq');
  await expect(page.locator('astro-island[component-url*="HeaderActions"]')).not.toHaveAttribute(
    'ssr',
    /.*/,
    { timeout: 10_000 },
  );
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
});
