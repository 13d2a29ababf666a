import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { HOME_TEXT, NOTICE_BARS } from '../../core/site-messages';
import { CONTENT_ROUTES } from './support/routes';

/** axe's serious and critical violations on the page as it is now, in a readable form. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

async function hydrated(page: Page, component: string) {
  await expect(
    page.locator(`astro-island[component-url*="${component}"]`).first(),
  ).not.toHaveAttribute('ssr', /.*/);
}

test.describe('axe finds no serious or critical violation', () => {
  for (const route of [...CONTENT_ROUTES, { path: '/no-such-page' }]) {
    test(`on ${route.path}`, async ({ page }) => {
      await page.goto(route.path);
      await hydrated(page, 'Notices');
      // The cookie notice shows on a first visit, so it is checked on every page.
      await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
      if (route.path === '/') {
        await page
          .getByRole('heading', { name: HOME_TEXT.featuredProducts })
          .scrollIntoViewIfNeeded();
        await expect(page.getByTestId('product-card').first()).toBeVisible();
      }
      if (route.path === '/faq') {
        for (const summary of await page.locator('details summary').all()) {
          if (!(await summary.isVisible())) continue;
          await summary.click();
        }
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('with the menu open', async ({ page }) => {
    await page.goto('/faq');
    await hydrated(page, 'HeaderActions');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('with both notice bars showing', async ({ page }) => {
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto('/about-us');
    await page.clock.runFor(100);
    await hydrated(page, 'Notices');
    await page.clock.runFor(11_000);
    for (const bar of NOTICE_BARS) await expect(page.getByText(bar.text)).toBeVisible();
    await page.clock.resume(); // axe waits on timers of its own
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('with the contact form showing its errors', async ({ page }) => {
    await page.goto('/contactus');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    // The email is optional for a guest (DECISIONS "Contact email"), but one given must be valid.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
