import { expect, test, type Page } from '@playwright/test';
import { NOTICE_BARS, STORAGE_KEYS } from '../../core/site-messages';
import { LOGIN_TEXT } from '../../src/islands/account/messages';
import { SIGNED_OUT_TEXT } from '../../src/islands/account/signed-out';
import { LOGOUT_LABEL, MENU_LINKS } from '../../src/lib/site-links';
import { acceptCookies, hydrated, linkFromMail, ownAddress } from './support/account';
import { watchConsole } from './support/console';
import { advanceTo, box, intersects, watchLayoutShifts } from './support/layout';

/*
 * Issue 24 points 4 and 9, on a phone and a desktop: the header shows whether the shopper is
 * signed in, the account pages share a navigation, Logout lands home saying so; the notice bars
 * leave no empty band above or below the header, fit a phone and cover at most a quarter of it.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
// A shopper of its own each time beforeAll runs: with fully parallel tests, one worker may run
// this file's beforeAll twice (once per test it is given), and a second registration of the same
// address would find the first verify link already used.
let email = '';
const password = 'hazel grove under rain';

test.beforeAll(async ({ request }) => {
  email = `hazel.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post('/api/auth/register', {
    headers: ownAddress(),
    data: { username: email, password, firstname: 'Hazel', lastname: 'Moss', acceptedPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
  expect((await request.get(`/api/auth/verify-email${link.search}`)).status()).toBe(200);
});

async function accountLink(page: Page) {
  await hydrated(page, 'HeaderActions');
  return page.getByRole('banner').locator('a[data-session]');
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, hasTouch: device === 'phone' });

    test('the header shows the session, the account pages share a navigation, Logout lands home saying so', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const shifts = await watchLayoutShifts(page);
      await acceptCookies(page);
      // The server cannot know the session: its HTML has the neutral icon, to the account pages.
      const html = await (await page.request.get('/')).text();
      expect(html).toMatch(
        /<a class="[^"]*" href="\/account" aria-label="Account" title="Account" data-session="neutral">/,
      );
      await page.goto('/');
      // The server's neutral icon, then the signed-out one: it opens the login page.
      let account = await accountLink(page);
      await expect(account).toHaveAttribute('data-session', 'signed-out');
      await expect(account).toHaveAccessibleName('Login');
      await expect(account).toHaveAttribute('href', '/login');
      const header = page.getByRole('banner');
      // Still one line on a phone, every control its full 44 px.
      expect((await box(header)).height).toBeLessThanOrEqual(64);
      expect((await box(account)).width).toBeGreaterThanOrEqual(44);

      await account.click();
      await expect(page).toHaveURL('/login');
      await hydrated(page, 'LoginForm');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
      await expect(page).toHaveURL('/');
      account = await accountLink(page);
      await expect(account).toHaveAttribute('data-session', 'signed-in');
      await expect(account).toHaveAccessibleName('Account, signed in as Hazel');
      await expect(account).toHaveAttribute('href', '/account');
      await expect(page.getByText(SIGNED_OUT_TEXT)).toBeHidden();
      // Its state arrived without moving anything.
      expect(await shifts()).toEqual([]);

      await account.click();
      await expect(page).toHaveURL('/account');
      for (const current of MENU_LINKS.loggedIn) {
        if (current.href !== '/account') await page.goto(current.href);
        const nav = page.getByRole('navigation', { name: 'Your account' });
        await expect(nav.getByRole('link')).toHaveText(MENU_LINKS.loggedIn.map((l) => l.label));
        for (const link of MENU_LINKS.loggedIn) {
          const item = nav.getByRole('link', { name: link.label, exact: true });
          await expect(item).toHaveAttribute('href', link.href);
          if (link === current) await expect(item).toHaveAttribute('aria-current', 'page');
          else await expect(item).not.toHaveAttribute('aria-current', /.*/);
        }
        await expect(page.getByRole('heading', { level: 1, name: current.label })).toBeVisible();
      }

      // Logout (the menu) goes home, which says so once.
      await hydrated(page, 'HeaderActions');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('button', { name: LOGOUT_LABEL })
        .click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('status').filter({ hasText: SIGNED_OUT_TEXT })).toBeVisible();
      account = await accountLink(page);
      await expect(account).toHaveAttribute('data-session', 'signed-out');
      await expect(account).toHaveAttribute('href', '/login');
      expect(await shifts()).toEqual([]);
      await page.reload();
      await hydrated(page, 'HeaderActions');
      await expect(page.getByText(SIGNED_OUT_TEXT)).toBeHidden();
      expect(problems).toEqual([]);
    });

    test('the notice bars leave no blank band, fit the screen, and move nothing', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const shifts = await watchLayoutShifts(page);
      const start = new Date('2025-08-01T17:00:00Z').getTime();
      await page.clock.install({ time: start });
      await page.clock.pauseAt(start + 1_000);
      await page.goto('/faq');
      await page.clock.runFor(100);
      await hydrated(page, 'Notices');
      await hydrated(page, 'HeaderActions');
      const header = page.getByRole('banner');
      const categories = page.getByRole('navigation', { name: 'Categories' });
      const noBand = async () => {
        const top = await box(header);
        expect(top.y).toBe(0);
        // Right under the header comes the category row: no room kept for anything between.
        expect((await box(categories)).y).toBeCloseTo(top.y + top.height, 0);
      };
      // Before the bars arm: the header is at the very top.
      await noBand();

      await advanceTo(page, 10_100);
      const bars = NOTICE_BARS.map((bar) => page.locator(`[data-notice="${bar.id}"]`));
      for (const [index, bar] of NOTICE_BARS.entries()) {
        await expect(bars[index]!).toContainText(bar.text);
      }
      await noBand();
      // The header's own controls, not the bars' Dismiss buttons (the bars hang from the header).
      const controls = header.locator(':is(a, button, input):not([data-notice] *)');
      let covered = 0;
      for (const bar of bars) {
        const barBox = await box(bar);
        // The text fits the screen's width (wrapping when it must), nothing cut or scrolled.
        expect(barBox.x).toBeGreaterThanOrEqual(0);
        expect(barBox.x + barBox.width).toBeLessThanOrEqual(viewport.width);
        const text = bar.locator('span');
        expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        for (const control of await controls.all()) {
          if (await control.isVisible()) expect(intersects(barBox, await box(control))).toBe(false);
        }
        covered += barBox.height;
      }
      const cookie = page.getByRole('region', { name: 'Cookie notice' });
      await expect(cookie).toBeVisible();
      covered += (await box(cookie)).height;
      // The two bars and the cookie notice: at most a quarter of the screen (211 px of 844).
      expect(covered).toBeLessThanOrEqual(Math.floor(viewport.height / 4));
      expect(await shifts()).toEqual([]);

      // A tap anywhere dismisses both; no band is left behind.
      const heading = page.getByRole('heading', { level: 1 });
      const headingBox = await box(heading);
      if (device === 'phone') await page.touchscreen.tap(20, headingBox.y + 2);
      else await page.mouse.click(20, headingBox.y + 2);
      for (const bar of bars) await expect(bar).toHaveCount(0);
      await noBand();
      expect(await box(heading)).toEqual(headingBox);
      expect(await shifts()).toEqual([]);
      expect(
        await page.evaluate(
          (keys) => keys.map((key) => localStorage.getItem(key)),
          NOTICE_BARS.map((bar) => STORAGE_KEYS.noticeDismissed(bar.id)),
        ),
      ).toEqual(['dismissed', 'dismissed']);
      expect(problems).toEqual([]);
    });
  });
}
