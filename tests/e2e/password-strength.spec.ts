import { expect, test, type Page, type Response } from '@playwright/test';
import { PASSWORD_MESSAGES } from '../../core/auth/model';
import { acceptCookies, hydrated } from './support/account';

/*
 * Issue 22 row 12 in the browser: the register form refuses a password that is easy to guess
 * before sending anything, with the server's rule; the dictionaries behind it (over 1 MB) are
 * fetched only by a form that needs them, once its password field gets focus.
 */
test.beforeEach(async ({ page }) => acceptCookies(page));

/** The largest script the page has fetched so far, in bytes. */
function largestScript(page: Page) {
  const sizes: number[] = [];
  page.on('response', (response: Response) => {
    if (!/\/_astro\/.*\.js$/.test(new URL(response.url()).pathname)) return;
    void response
      .body()
      .then((body) => sizes.push(body.length))
      .catch(() => undefined);
  });
  return () => Math.max(0, ...sizes);
}

test('the register form refuses P@ssw0rd and the like before sending; only it loads the dictionaries', async ({
  page,
}) => {
  const largest = largestScript(page);
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Password').focus();
  expect(largest()).toBeLessThan(1_000_000);

  const registrations: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) registrations.push(request.url());
  });
  await page.goto('/register');
  await hydrated(page, 'RegisterForm');
  await page.getByLabel('Email').fill(`weak.${Date.now()}@example.com`);
  await page.getByLabel('First name').fill('Fern');
  await page.getByLabel('Last name').fill('Gully');
  await page.getByLabel('Password', { exact: true }).fill('P@ssw0rd');
  await expect
    .poll(largest, { message: 'the dictionaries, once the password has focus' })
    .toBeGreaterThan(1_000_000);
  await page.getByLabel('Confirm password').fill('P@ssw0rd');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();

  const password = page.getByLabel('Password', { exact: true });
  await expect(page.getByText(PASSWORD_MESSAGES.weak)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  expect(registrations).toEqual([]);
});
