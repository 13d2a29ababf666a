import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AUTH_MESSAGES } from '../../core/auth/model';
import { PROFILE_MESSAGES } from '../../core/user/model';
import {
  FORGOT_TEXT,
  LOGIN_TEXT,
  REGISTER_TEXT,
  RESEND_TEXT,
  RESET_TEXT,
  VERIFY_EMAIL_TEXT,
} from '../../src/islands/account/messages';
import { LOGOUT_LABEL, MENU_LINKS } from '../../src/lib/site-links';
import { CONTACT_TEXT } from '../../core/site-messages';
import { JWT_STORAGE_KEY } from '../../src/stores/auth';
import { acceptCookies, hydrated, linkFromMail, mails } from './support/account';
import { watchConsole } from './support/console';
import { specItems } from './support/menu';
import { SIGNED_OUT_TEXT } from '../../src/islands/account/signed-out';

/*
 * One shopper's account from registration on, through the real API, its emails read from the
 * .eml files the server writes. The steps share the account, so they run in order; registering is
 * limited per network address, so the whole file registers once.
 */
test.describe.configure({ mode: 'serial' });

const email = `fern.${Date.now()}@example.com`;
let password = 'cedar trail at dawn';
const secondPassword = 'douglas fir by the lake';
const thirdPassword = 'salal and sword fern';

test.beforeEach(async ({ page }) => acceptCookies(page));

async function logIn(page: Page, from = '/login') {
  await page.goto(from);
  await expect(page).toHaveURL(/\/login/);
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
}

async function openMenu(page: Page) {
  await hydrated(page, 'HeaderActions');
  await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

const storedToken = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), JWT_STORAGE_KEY);

/** The stored access token, still shaped like a JWT but with its signature spoiled. */
async function spoilToken(page: Page) {
  await page.evaluate((key) => {
    const token = localStorage.getItem(key) ?? '';
    const [head, body, signature = ''] = token.split('.');
    const spoiled = `${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    localStorage.setItem(key, `${head}.${body}.${spoiled}`);
  }, JWT_STORAGE_KEY);
}

test('register, log in before verifying, resend, verify through the emailed link, log in', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/register');
  await hydrated(page, 'RegisterForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Fern');
  await page.getByLabel('Last name').fill('Gully');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: REGISTER_TEXT.submit }).click();
  await expect(page.getByRole('heading', { name: VERIFY_EMAIL_TEXT.title })).toBeFocused();
  await expect(page.getByText(AUTH_MESSAGES.registered)).toBeVisible();
  await page.getByRole('button', { name: REGISTER_TEXT.backToRegister }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');

  // Not verified yet: the right password opens the 'Verify Your Email' panel.
  await logIn(page);
  await expect(page.getByRole('heading', { name: VERIFY_EMAIL_TEXT.title })).toBeVisible();
  await expect(page.getByText(LOGIN_TEXT.waiting)).toBeVisible();
  await page.getByRole('button', { name: RESEND_TEXT.idle }).click();
  await expect(page.getByText(RESEND_TEXT.resent)).toBeVisible();
  await expect(page.getByRole('button', { name: RESEND_TEXT.sent })).toBeDisabled();
  await page.getByRole('button', { name: LOGIN_TEXT.backToLogin }).click();
  await expect(page.getByLabel('Password')).toHaveValue('');

  const link = await linkFromMail(email, '/verifyemail');
  await page.goto(link);
  await expect(page.getByText(AUTH_MESSAGES.verified)).toBeVisible();
  const verifiedAt = Date.now();
  await expect(page).toHaveURL('/login', { timeout: 6_000 });
  expect(Date.now() - verifiedAt).toBeGreaterThan(2_500); // spec §9: 3 seconds

  await logIn(page);
  await expect(page).toHaveURL('/');
  expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const menu = await openMenu(page);
  await expect(specItems(menu)).toHaveText(
    [...MENU_LINKS.always, ...MENU_LINKS.loggedIn].map((item) => item.label),
  );
  await expect(menu.getByRole('button', { name: LOGOUT_LABEL })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the guard sends /orders to /login and back after login; the account page edits the profile', async ({
  page,
}) => {
  await page.goto('/orders');
  await expect(page).toHaveURL('/login?next=%2Forders');
  await logIn(page, page.url());
  await expect(page).toHaveURL('/orders');
  // The orders page itself, loaded for this account (which has bought nothing).
  await expect(page.getByText('No confirmed orders found.')).toBeVisible();

  await page.goto('/account');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Fern');
  await page.getByLabel('First name').fill('Fern<script>');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Confirm new password').fill('x');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('First name').fill('Fernanda');
  await page.getByLabel('Last name').fill("O'Gully");
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Fernanda');
  await expect(page.getByLabel('Last name')).toHaveValue("O'Gully");
});

test('an access token that stops working mid-session is renewed silently', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL('/');
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue('Fernanda');
  await spoilToken(page);
  // Compared with the spoiled token: a renewal within the same second as the sign-in may give
  // the very token the sign-in gave, which is still a renewal.
  const before = await storedToken(page);
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
  });
  await page.getByLabel('First name').fill('Fern');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.profileUpdated)).toBeVisible();
  expect(refreshes).toEqual([200]);
  const after = await storedToken(page);
  expect(after).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(after).not.toBe(before);
  await expect(page).toHaveURL('/account');

  // A token whose time is up is renewed before the call: the server never sees it.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.evaluate((key) => {
    const [head, body, signature] = (localStorage.getItem(key) ?? '').split('.');
    const claims = JSON.parse(atob(body!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const expired = btoa(JSON.stringify(claims))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    localStorage.setItem(key, `${head}.${expired}.${signature}`);
  }, JWT_STORAGE_KEY);
  await page.getByLabel('First name').fill('Fernie');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Fernie');
  expect(refreshes).toEqual([200, 200]);
  expect(refused).toEqual([]);
  await page.getByLabel('First name').fill('Fern');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.profileUpdated)).toBeVisible();
});

test('changing the password ends the other sessions: their next call lands on /login', async ({
  page,
  browser,
}) => {
  // A second browser, signed in before the change.
  const other: BrowserContext = await browser.newContext();
  const otherPage = await other.newPage();
  await acceptCookies(otherPage);
  await logIn(otherPage);
  await expect(otherPage).toHaveURL('/');

  await logIn(page);
  await expect(page).toHaveURL('/');
  await page.goto('/account');
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill(secondPassword);
  await page.getByLabel('Confirm new password').fill(secondPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.passwordFailed)).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.passwordUpdated)).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  password = secondPassword;
  // This session carries on.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Fern');

  await otherPage.goto('/account');
  await expect(otherPage).toHaveURL('/login?next=%2Faccount');
  expect(await storedToken(otherPage)).toBeNull();
  await other.close();
});

test('a revoked session (refresh cookie gone) lands on /login', async ({ page, context }) => {
  await logIn(page);
  await expect(page).toHaveURL('/');
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue('Fern');
  await context.clearCookies();
  await spoilToken(page);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL('/login?next=%2Faccount');
  const auth = await page.evaluate(() => localStorage.getItem('auth'));
  expect(JSON.parse(auth ?? '{}')).toMatchObject({ isLoggedIn: false });
});

test('a signed-in shopper writes to the shop without typing an email', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL('/');
  await page.goto('/contactus');
  await hydrated(page, 'ContactForm');
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await page.getByLabel('Subject').selectOption('Other');
  await page.getByLabel('Message').fill('Do you ship cedar candles in winter?');
  const [request] = await Promise.all([
    page.waitForRequest('**/api/contact/contact'),
    page.getByRole('button', { name: 'Send message' }).click(),
  ]);
  // The call is the account's: the server knows who writes, so no email is sent (spec §7).
  expect(request.postDataJSON()).toEqual({
    subject: 'Other',
    message: 'Do you ship cedar candles in winter?',
  });
  expect(request.headers()['authorization']).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(page.getByRole('status')).toHaveText(CONTACT_TEXT.success);
  await expect
    .poll(() => mails().filter((mail) => mail.text.includes('cedar candles in winter')).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const mail = mails().find((entry) => entry.text.includes('cedar candles in winter'))!;
  expect(mail.headers.find((line) => /^reply-to:/i.test(line))).toContain(email);
});

test('logout ends the session and goes home; the account routes then send to /login', async ({
  page,
}) => {
  await logIn(page);
  await expect(page).toHaveURL('/');
  const menu = await openMenu(page);
  const [logout] = await Promise.all([
    page.waitForResponse('**/api/auth/logout'),
    menu.getByRole('button', { name: LOGOUT_LABEL }).click(),
  ]);
  expect(logout.ok()).toBe(true);
  // The menu then reloads home; the notice appears only once that page has loaded (reading the
  // storage before would race the navigation: the page was already at '/').
  await expect(page.getByRole('status').filter({ hasText: SIGNED_OUT_TEXT })).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await storedToken(page)).toBeNull();
  const again = await openMenu(page);
  await expect(specItems(again)).toHaveText(
    [...MENU_LINKS.always, ...MENU_LINKS.loggedOut].map((item) => item.label),
  );
  // The refresh family is over on the server too.
  const refresh = await page.request.post('/api/auth/refresh', { data: {} });
  expect(refresh.status()).toBe(401);
  await page.goto('/account');
  await expect(page).toHaveURL('/login?next=%2Faccount');
});

test('forgot and reset the password through the emailed link, then log in with it', async ({
  page,
}) => {
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await page.getByRole('link', { name: LOGIN_TEXT.forgotPassword }).click();
  await expect(page).toHaveURL('/forgotpassword');
  await hydrated(page, 'ForgotPasswordForm');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: FORGOT_TEXT.submit }).click();
  await expect(page.getByText(FORGOT_TEXT.sent)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');

  const link = await linkFromMail(email, '/resetpassword');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(thirdPassword);
  await page.getByLabel('Confirm new password').fill(thirdPassword);
  await page.getByRole('button', { name: RESET_TEXT.submit }).click();
  await expect(page.getByText(RESET_TEXT.success)).toBeVisible();
  const resetAt = Date.now();
  await expect(page).toHaveURL('/login', { timeout: 6_000 });
  expect(Date.now() - resetAt).toBeGreaterThan(2_000); // spec §9: 2.5 seconds
  password = thirdPassword;

  // The link is used up.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another long one');
  await page.getByLabel('Confirm new password').fill('yet another long one');
  await page.getByRole('button', { name: RESET_TEXT.submit }).click();
  await expect(page.getByRole('alert')).not.toBeEmpty();

  await logIn(page);
  await expect(page).toHaveURL('/');
});
