import { expect, test } from '@playwright/test';
import { MENU_LINKS } from '../../src/lib/site-links';
import { acceptCookies, hydrated } from './support/account';
import { specItems } from './support/menu';

/*
 * The account pages as a signed-out shopper sees them: the guard and the menu. The sign-in pages
 * with their own checks showing (the spec's texts word for word), the emailed links' error states
 * and axe on each are in accessibility.spec.ts, one page load each. Nothing here creates an
 * account (the flows with one are in account.spec.ts).
 */

test.beforeEach(async ({ page }) => acceptCookies(page));

const GUARDED = [
  { path: '/account', text: 'Profile' },
  { path: '/accountaddresses', text: 'Saved addresses' },
  { path: '/storedpayments', text: 'Saved cards' },
  { path: '/orders', text: 'No confirmed orders found.' },
];

for (const { path, text } of GUARDED) {
  test(`${path} sends a signed-out shopper to /login, remembering the way back, with no account content`, async ({
    page,
  }) => {
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain(text);
    await page.goto(path);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByText(text, { exact: false })).toHaveCount(0);
  });
}

test('the menu offers Login and Register to a signed-out shopper', async ({ page }) => {
  await page.goto('/faq');
  await hydrated(page, 'HeaderActions');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(specItems(menu)).toHaveText(
    [...MENU_LINKS.always, ...MENU_LINKS.loggedOut].map((link) => link.label),
  );
  await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});
