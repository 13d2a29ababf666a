import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { LOGIN_TEXT } from '../../src/islands/account/messages';
import { LOGOUT_LABEL, MENU_LINKS } from '../../src/lib/site-links';
import { JWT_STORAGE_KEY } from '../../src/stores/auth';
import { acceptCookies, hydrated, linkFromMail, ownAddress } from './support/account';
import { specItems } from './support/menu';
import { serverDataDir } from './support/server';

/*
 * Issue 22 row 3: a shopper signs in, leaves the page for more than 15 minutes and presses Logout.
 * The menu sends the expired access token with the refresh cookie; the session must end on the
 * server (the cookie cleared, its refresh refused) as well as in the browser.
 */
const email = `willow.${Date.now()}@example.com`;
const password = 'willow creek at dusk';

test.beforeEach(async ({ page }) => acceptCookies(page));

test.beforeAll(async ({ request }) => {
  const registered = await request.post('/api/auth/register', {
    headers: ownAddress(),
    data: { username: email, password, firstname: 'Wren', lastname: 'Alder', acceptedPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
  expect((await request.get(`/api/auth/verify-email${link.search}`)).status()).toBe(200);
});

/** The access token the server signed, as it is 16 minutes on: signed by the server's key, expired. */
async function expiredCopy(token: string): Promise<string> {
  const secrets = JSON.parse(readFileSync(join(serverDataDir(), 'secrets.json'), 'utf8')) as {
    JWT_SECRET: string;
  };
  const { iat: _iat, exp: _exp, ...claims } = decodeJwt(token);
  const issued = Math.floor(Date.now() / 1000) - 16 * 60;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issued)
    .setExpirationTime(issued + 15 * 60)
    .sign(new TextEncoder().encode(secrets.JWT_SECRET));
}

async function openMenu(page: Page) {
  await hydrated(page, 'HeaderActions');
  await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

test('Logout with an expired access token ends the session on the server and in the browser', async ({
  page,
}) => {
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
  await expect(page).toHaveURL('/');

  // 16 minutes later: the stored access token has expired.
  const token = await page.evaluate((key) => localStorage.getItem(key), JWT_STORAGE_KEY);
  const expired = await expiredCopy(token!);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [JWT_STORAGE_KEY, expired],
  );
  await page.reload();

  const menu = await openMenu(page);
  const [logout] = await Promise.all([
    page.waitForResponse('**/api/auth/logout'),
    menu.getByRole('button', { name: LOGOUT_LABEL }).click(),
  ]);
  expect(logout.request().headers()['authorization']).toBe(`Bearer ${expired}`);
  expect(logout.status()).toBe(200);
  await expect(page).toHaveURL('/');
  expect(await page.evaluate((key) => localStorage.getItem(key), JWT_STORAGE_KEY)).toBeNull();
  const again = await openMenu(page);
  await expect(specItems(again)).toHaveText(
    [...MENU_LINKS.always, ...MENU_LINKS.loggedOut].map((item) => item.label),
  );

  // Whoever sits at this computer next cannot renew the session.
  const refresh = await page.request.post('/api/auth/refresh', { data: {} });
  expect(refresh.status()).toBe(401);
});
