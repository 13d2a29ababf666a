import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../core/auth/model';
import {
  FORGOT_TEXT,
  LOGIN_TEXT,
  RESEND_TEXT,
  RESET_TEXT,
  VERIFY_TEXT,
} from '../../src/islands/account/messages';
import { MENU_LINKS } from '../../src/lib/site-links';
import { acceptCookies, hydrated, seriousViolations } from './support/account';

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

test('the login form checks the email and password with the spec texts and links onwards', async ({
  page,
}) => {
  let sent = 0;
  await page.route('**/api/auth/login', (route) => {
    sent += 1;
    return route.abort();
  });
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
  await expect(page.getByText(AUTH_MESSAGES.username)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.loginPassword)).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.username);
  expect(sent).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A network failure is 'Login failed' (spec §8).
  await page.getByLabel('Email').fill('fern@example.com');
  await page.getByLabel('Password').fill('123456');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(LOGIN_TEXT.failed);
  expect(sent).toBe(1);
});

test('the login page answers a wrong password with the spec text (answered here, so no slowdown is earned)', async ({
  page,
}) => {
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({ status: 401, json: { error: 'Invalid username or password' } }),
  );
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill('fern@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(LOGIN_TEXT.invalid);
  // The form's own 401 is its answer: no refresh, no trip to /login.
  await expect(page).toHaveURL('/login');
});

test('the register form checks every field with the spec texts', async ({ page }) => {
  let sent = 0;
  await page.route('**/api/auth/register', (route) => {
    sent += 1;
    return route.abort();
  });
  await page.goto('/register');
  await hydrated(page, 'RegisterForm');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(AUTH_MESSAGES.fillAllFields).first()).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.acceptPolicy)).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Email').fill('fern@example.com');
  await page.getByLabel('First name').fill('Fern');
  await page.getByLabel('Last name').fill('Gully');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.tooShort)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('long enough password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(AUTH_MESSAGES.registerPasswordsDiffer)).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toBeFocused();
  expect(sent).toBe(0);

  // No answer from the server at all: 'Server error' (spec §8 Register).
  await page.getByLabel('Confirm password').fill('long enough password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Server error');
  expect(sent).toBe(1);
});

test('forgot password: an email is required; a failure and a non-200 answer have their texts', async ({
  page,
}) => {
  let answer: 'abort' | 500 = 'abort';
  await page.route('**/api/auth/forgot-password', (route) =>
    answer === 'abort' ? route.abort() : route.fulfill({ status: 500, json: { error: 'x' } }),
  );
  await page.goto('/forgotpassword');
  await hydrated(page, 'ForgotPasswordForm');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
  await page.getByRole('button', { name: FORGOT_TEXT.submit }).click();
  await expect(page.getByText(AUTH_MESSAGES.email)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill('fern@example.com');
  await page.getByRole('button', { name: FORGOT_TEXT.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(FORGOT_TEXT.failed);
  answer = 500;
  await page.getByRole('button', { name: FORGOT_TEXT.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(FORGOT_TEXT.notOk);
});

test('the reset page without a whole link says so, and never sends its address on', async ({
  page,
}) => {
  const response = await page.goto('/resetpassword?email=fern%40example.com');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.invalidResetLink);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the reset form: the browser asks for 8 characters, and the two must match', async ({
  page,
}) => {
  await page.route('**/api/auth/reset-password', (route) =>
    route.fulfill({ status: 400, json: { error: AUTH_MESSAGES.resetLinkExpired } }),
  );
  const token = 'a'.repeat(43);
  await page.goto(`/resetpassword?token=${token}&email=fern%40example.com`);
  // The token leaves the address bar once read.
  await expect(page).toHaveURL('/resetpassword');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('minlength', '8');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('required', '');
  await page.getByLabel('New password', { exact: true }).fill('a long new password');
  await page.getByLabel('Confirm new password').fill('another long password');
  await page.getByRole('button', { name: RESET_TEXT.submit }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The server's error text is shown as it is (spec §8 Reset).
  await page.getByLabel('Confirm new password').fill('a long new password');
  await page.getByRole('button', { name: RESET_TEXT.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.resetLinkExpired);
});

test('the verify page: a link without its token fails at once; a refused one offers the resend', async ({
  page,
}) => {
  const missing = await page.goto('/verifyemail?email=fern%40example.com');
  expect(missing?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('alert')).toHaveText(VERIFY_TEXT.failed);

  let resend: 'fail' | 'ok' = 'fail';
  await page.route('**/api/auth/verify-email?*', (route) =>
    route.fulfill({ status: 400, json: { error: AUTH_MESSAGES.verifyLinkExpired } }),
  );
  await page.route('**/api/auth/resend-verification', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return resend === 'fail'
      ? route.fulfill({ status: 500, json: { error: 'x' } })
      : route.fulfill({ status: 200, json: {} });
  });
  await page.goto(`/verifyemail?token=${'b'.repeat(43)}&email=fern%40example.com`);
  await expect(page.getByRole('alert')).toHaveText(VERIFY_TEXT.failed);
  const button = page.getByRole('button', { name: RESEND_TEXT.idle });
  await button.click();
  await expect(page.getByRole('button', { name: RESEND_TEXT.sending })).toBeDisabled();
  await expect(page.getByRole('button', { name: RESEND_TEXT.retry })).toBeEnabled();
  await expect(page.getByText(RESEND_TEXT.failed)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  resend = 'ok';
  await page.getByRole('button', { name: RESEND_TEXT.retry }).click();
  await expect(page.getByRole('button', { name: RESEND_TEXT.sent })).toBeDisabled();
  await expect(page.getByText(RESEND_TEXT.resent)).toBeVisible();
});

test('the menu offers Login and Register to a signed-out shopper', async ({ page }) => {
  await page.goto('/faq');
  await hydrated(page, 'HeaderActions');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link')).toHaveText(
    [...MENU_LINKS.always, ...MENU_LINKS.loggedOut].map((link) => link.label),
  );
  await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});
