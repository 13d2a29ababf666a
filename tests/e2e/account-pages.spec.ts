import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES } from '../../core/auth/model';
import {
  FORGOT_TEXT,
  LOGIN_TEXT,
  RESEND_TEXT,
  RESET_TEXT,
  VERIFY_TEXT,
} from '../../src/islands/account/messages';
import { MENU_LINKS } from '../../src/lib/site-links';
import { acceptCookies, hydrated, seriousViolations } from './support/account';
import { specItems } from './support/menu';

/*
 * The account pages as a signed-out shopper sees them: the guard, the forms' own checks with the
 * spec's texts word for word, the emailed links' error states, and axe with the errors showing.
 * Nothing here creates an account (the flows with one are in account.spec.ts).
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

/*
 * What each form shows for the API's answers (spec §8) is checked in the component tests
 * (tests/web/components/login-form, register-form, emailed-links). Here: the pages as served,
 * with their own checks showing, before any call.
 */

test('the login page links onwards, and axe finds nothing serious with its checks showing', async ({
  page,
}) => {
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await expect(page.getByRole('link', { name: LOGIN_TEXT.forgotPassword })).toHaveAttribute(
    'href',
    '/forgotpassword',
  );
  await expect(page.getByRole('link', { name: LOGIN_TEXT.register, exact: true })).toHaveAttribute(
    'href',
    '/register',
  );
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.username);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the register page: axe finds nothing serious with its checks showing', async ({ page }) => {
  await page.goto('/register');
  await hydrated(page, 'RegisterForm');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(AUTH_MESSAGES.acceptPolicy)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the forgot-password page: axe finds nothing serious with its check showing', async ({
  page,
}) => {
  await page.goto('/forgotpassword');
  await hydrated(page, 'ForgotPasswordForm');
  await page.getByRole('button', { name: FORGOT_TEXT.submit }).click();
  await expect(page.getByText(AUTH_MESSAGES.email)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the reset page without a whole link says so, and never sends its address on', async ({
  page,
}) => {
  const response = await page.goto('/resetpassword?email=fern%40example.com');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.invalidResetLink);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the reset form takes the token out of the address bar; axe finds nothing serious with its check showing', async ({
  page,
}) => {
  await page.goto(`/resetpassword?token=${'a'.repeat(43)}&email=fern%40example.com`);
  await expect(page).toHaveURL('/resetpassword');
  await page.getByLabel('New password', { exact: true }).fill('a long new password');
  await page.getByLabel('Confirm new password').fill('another long password');
  await page.getByRole('button', { name: RESET_TEXT.submit }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the verify page: a link without its token fails at once and never sends its address on', async ({
  page,
}) => {
  const missing = await page.goto('/verifyemail?email=fern%40example.com');
  expect(missing?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('alert')).toHaveText(VERIFY_TEXT.failed);
  await expect(page.getByRole('button', { name: RESEND_TEXT.idle })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
});

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
