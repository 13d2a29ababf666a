import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { LOGIN_TEXT } from '../../src/islands/account/messages';
import { browseFromOwnAddress, hydrated, linkFromMail, ownAddress } from './support/account';
import { CONTENT_ROUTES } from './support/routes';

browseFromOwnAddress();

/*
 * The privacy policy's promises, checked in a real browser over every page of the shop, as a guest
 * (through a sandbox checkout to the confirmation) and signed in (the account pages): the browser
 * asks nothing of any origin but the shop's own, no cookie is set but the session one, and no page
 * asks for a phone number. The policy states the retention period from ORDER_RETENTION_DAYS.
 * Registering is limited per network address, so the file registers once.
 */
test.describe.configure({ mode: 'serial' });
// Each walk visits some thirty pages.
test.setTimeout(240_000);

const SESSION_COOKIES = ['evergreen_refresh', '__Secure-evergreen_refresh'];
const email = `privacy.${Date.now()}@example.com`;
const password = 'quiet cedar harbor lantern';

const SHOP_PAGES = [
  ...CONTENT_ROUTES.map((route) => route.path),
  '/contact-us',
  '/photolicensingpage',
  '/search?q=mug',
  '/products/home',
  '/products/pet',
  `/productdetailpage/${seedProductId('cedar-ridge-mug')}`,
  `/productdetailpage/${seedProductId('rainier-sunrise-photo')}`,
  '/cart',
  '/login',
  '/register',
  '/forgotpassword',
  '/resetpassword?token=x&email=a%40example.com',
  '/verifyemail?token=x&email=a%40example.com',
  '/orderconfirmation',
  '/no-such-page',
];
const ACCOUNT_PAGES = ['/account', '/accountaddresses', '/orders', '/storedpayments', '/admin'];

interface Watch {
  foreign: string[];
  setCookies: string[];
  pages: number;
}

/** Records every request the browser makes and every cookie an answer sets. */
function watch(context: BrowserContext, origin: string): Watch {
  const seen: Watch = { foreign: [], setCookies: [], pages: 0 };
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) seen.foreign.push(request.url());
  });
  context.on('response', async (response) => {
    const header = await response.headerValue('set-cookie').catch(() => null);
    if (header) {
      for (const line of header.split('\n')) seen.setCookies.push(line.split('=')[0]!.trim());
    }
  });
  return seen;
}

/** Fields that would ask for a phone number, by type, autocomplete, name, id or label. */
async function phoneFields(page: Page): Promise<number> {
  const fields = await page
    .locator(
      'input[type="tel"], [autocomplete^="tel"], [name*="phone" i], [id*="phone" i], [name*="mobile" i]',
    )
    .count();
  const labels = await page.locator('label', { hasText: /phone|telephone|mobile number/i }).count();
  return fields + labels;
}

async function visit(page: Page, seen: Watch, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  seen.pages += 1;
  expect(await phoneFields(page), `${path} asks for a phone number`).toBe(0);
}

async function expectPromisesKept(context: BrowserContext, seen: Watch) {
  expect(seen.foreign).toEqual([]);
  expect(seen.setCookies.filter((name) => !SESSION_COOKIES.includes(name))).toEqual([]);
  const cookies = await context.cookies();
  expect(
    cookies.map((cookie) => cookie.name).filter((name) => !SESSION_COOKIES.includes(name)),
  ).toEqual([]);
  for (const cookie of cookies) {
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  }
}

test('a guest walks every page and buys with the sandbox card: only the shop is asked, no cookie', async ({
  page,
  context,
  baseURL,
}) => {
  const seen = watch(context, new URL(baseURL!).origin);
  await visit(page, seen, '/');
  await page.getByRole('button', { name: 'Got it' }).click();
  for (const path of SHOP_PAGES) await visit(page, seen, path);

  await expect(page.locator('body')).toBeVisible();
  await visit(page, seen, '/privacy-policy');
  await expect(page.locator('article')).toContainText(
    'We keep order data for about 2 years (730 days)',
  );

  // A sandbox checkout from the product page to the confirmation.
  await visit(page, seen, `/productdetailpage/${seedProductId('campfire-enamel-mug')}`);
  await hydrated(page, 'ProductDetail');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status')).toContainText('Added');
  await visit(page, seen, '/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/, { timeout: 20_000 });
  expect(await phoneFields(page)).toBe(0);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada.privacy@example.com');
  await page.getByLabel('Address Line 1').fill('400 Pine St');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').selectOption('WA');
  await page.getByLabel('ZIP Code').fill('98101');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/, { timeout: 20_000 });
  expect(await phoneFields(page)).toBe(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 20_000 });
  expect(await phoneFields(page)).toBe(0);
  await page.getByLabel('I agree to the Return Policy').check();
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  await expect(page).toHaveURL(/\/orderconfirmation$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(seen.pages).toBeGreaterThan(SHOP_PAGES.length);
  await expectPromisesKept(context, seen);
  expect(await context.cookies()).toEqual([]);
});

test('signed in, every account page: only the shop is asked and only the session cookie is set', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const registered = await request.post('/api/auth/register', {
    headers: ownAddress(),
    data: { username: email, password, firstname: 'Pria', lastname: 'Vasey', acceptedPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
  expect((await request.get(`/api/auth/verify-email${link.search}`)).status()).toBe(200);

  const seen = watch(context, new URL(baseURL!).origin);
  await visit(page, seen, '/login');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  for (const path of [...ACCOUNT_PAGES, ...SHOP_PAGES]) await visit(page, seen, path);

  await expectPromisesKept(context, seen);
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['evergreen_refresh']);
});
