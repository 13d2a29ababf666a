import { expect, test as base, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { AUTH_MESSAGES } from '../../core/auth/model';
import { PROFILE_MESSAGES } from '../../core/user/model';
import { ACCOUNT_TEXT, RESET_TEXT } from '../../src/islands/account/messages';
import { acceptCookies, hydrated, linkFromMail, ownAddress } from './support/account';
import { watchConsole } from './support/console';
import { beforeScripts, holdRequests } from './support/early';
import { seedCart } from './support/orders';

/**
 * Issue 13 point 10 for the forms that used to wait for their script (shown only "Loading…"):
 * what a shopper types, and a submit pressed, before the island's script arrives are kept.
 */

/** Every test here runs on a phone with cookies accepted, and reads the page's problems. */
const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, use) => {
    await acceptCookies(page);
    await use(watchProblems(page));
  },
});

// Chromium and the built server share two cores with other work: give each test room.
test.slow();
test.use({ viewport: { width: 390, height: 844 } });

const mug = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
  supplier: 'warehouse',
  category: 'home',
  stock: 40,
};

/** A checkout already stored in this browser (contact and shipping), unless the page wrote one. */
async function seedCheckout(page: Page, checkout: object) {
  await page.addInitScript((stored) => {
    if (localStorage.getItem('checkout')) return;
    localStorage.setItem('checkout', stored);
  }, JSON.stringify(checkout));
}

/** Page errors, refused content and React's hydration complaints (minified or not). */
function watchProblems(page: Page): string[] {
  const problems = watchConsole(page);
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return problems;
}

const SHIPPING = {
  'First name': 'Ada',
  'Last name': "O'Brien",
  Email: 'ada-early@example.com',
  'Address Line 1': '77 Slow Phone Rd.',
  'Address Line 2': 'Unit 9',
  City: 'Spokane',
  State: 'WA',
  'ZIP Code': '99201',
};

/** Types into a field, or picks the state (a select since issue 24). */
async function fillField(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  if (label === 'State') await field.selectOption(value);
  else await field.fill(value);
}

async function fillShipping(page: Page) {
  for (const [label, value] of Object.entries(SHIPPING)) {
    await fillField(page, label, value);
  }
}

test.describe('the shipping step', () => {
  test('is there to type into before its script arrives, and keeps every value', async ({
    page,
    problems,
  }) => {
    await seedCart(page, [mug]);
    await beforeScripts(page, '/shipping', async () => {
      await fillShipping(page);
      await expect(page.locator('astro-island[component-url*="ShippingStep"]')).toHaveAttribute(
        'ssr',
        /.*/,
      );
    });
    await hydrated(page, 'ShippingStep');
    // The summary counts the cart only once hydrated; wait for it so the island is settled.
    await expect(page.getByRole('button', { name: /order summary \(1 item\)/ })).toBeVisible();
    for (const [label, value] of Object.entries(SHIPPING)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    expect(problems).toEqual([]);
  });

  test('a Continue pressed before the script arrives reaches billing with that address', async ({
    page,
    problems,
  }) => {
    await seedCart(page, [mug]);
    await beforeScripts(page, '/shipping', async () => {
      await fillShipping(page);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      // Held, not sent as a bare form to the page's own address.
      await expect(page).toHaveURL(/\/shipping$/);
      await expect(page.locator('form.checkout-form')).toHaveAttribute('data-submit-queued', '');
    });
    await expect(page).toHaveURL(/\/billing$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('checkout')!));
    expect(stored.guestContact).toEqual({
      firstname: 'Ada',
      lastname: "O'Brien",
      email: 'ada-early@example.com',
    });
    // The parcel is addressed to the buyer when no other recipient was written (issue 26).
    expect(stored.shippingAddress).toEqual({
      firstname: 'Ada',
      lastname: "O'Brien",
      line1: '77 Slow Phone Rd.',
      line2: 'Unit 9',
      city: 'Spokane',
      state: 'WA',
      zipcode: '99201',
    });
    // The billing step's summary is taxed for that address (its toggle works once it hydrates).
    await hydrated(page, 'BillingStep');
    await page.getByRole('button', { name: /Show order summary/ }).click();
    await expect(
      page.getByRole('complementary', { name: 'Order summary' }).getByText(/^Sales tax \(\d/),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('untouched fields take what the checkout stored, after hydration and without a mismatch', async ({
    page,
    problems,
  }) => {
    await seedCart(page, [mug]);
    await seedCheckout(page, {
      guestContact: { firstname: 'Stored', lastname: 'Shopper', email: 'stored@example.com' },
      shippingAddress: {
        line1: '1 Stored St.',
        line2: '',
        city: 'Tacoma',
        state: 'WA',
        zipcode: '98402',
      },
    });
    await beforeScripts(page, '/shipping', async () => {
      // Only the address is typed early: the contact comes from the store, the address stays.
      await page.getByLabel('Address Line 1', { exact: true }).fill('9 Typed Ave.');
      await page.getByLabel('City', { exact: true }).fill('Olympia');
    });
    await hydrated(page, 'ShippingStep');
    await expect(page.getByLabel('First name')).toHaveValue('Stored');
    await expect(page.getByLabel('Email')).toHaveValue('stored@example.com');
    await expect(page.getByLabel('Address Line 1')).toHaveValue('9 Typed Ave.');
    await expect(page.getByLabel('City')).toHaveValue('Olympia');
    // A typed address is never mixed with the stored one.
    await expect(page.getByLabel('ZIP Code')).toHaveValue('');
    expect(problems).toEqual([]);
  });
});

test.describe('the reset password form', () => {
  test('typed and submitted before its script arrives, it resets the password with a real link', async ({
    page,
    problems,
  }) => {
    // One real account (registering is limited per address: this file does it once).
    const email = `early-reset-${Date.now()}@example.com`;
    const registered = await page.request.post('/api/auth/register', {
      headers: ownAddress(),
      data: {
        username: email,
        password: 'the first long password',
        firstname: 'Early',
        lastname: 'Reset',
        acceptedPolicy: true,
      },
    });
    expect(registered.status()).toBe(201);
    const verify = await linkFromMail(email, '/verifyemail');
    const query = new URL(verify, 'http://x').search;
    expect((await page.request.get(`/api/auth/verify-email${query}`)).status()).toBe(200);
    const asked = await page.request.post('/api/auth/forgot-password', { data: { email } });
    expect(asked.ok()).toBe(true);
    const link = await linkFromMail(email, '/resetpassword');

    await beforeScripts(page, link, async () => {
      await page.getByLabel('New password', { exact: true }).fill('typed on a slow phone');
      await page.getByLabel('Confirm new password').fill('typed on a slow phone');
      await page.getByRole('button', { name: RESET_TEXT.submit }).click();
      await expect(page.locator('form[data-submit-queued]')).toHaveCount(1);
    });
    await hydrated(page, 'ResetPasswordForm');
    await expect(page.getByText(RESET_TEXT.success)).toBeVisible();
    expect(problems).toEqual([]);

    // The password typed before the script arrived is the one that now works.
    const login = await page.request.post('/api/auth/login', {
      data: { username: email, password: 'typed on a slow phone' },
    });
    expect(login.status()).toBe(200);
  });

  test('without a link, the form is there at first and the page says so once ready', async ({
    page,
    problems,
  }) => {
    await beforeScripts(page, '/resetpassword', async () => {
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    });
    await hydrated(page, 'ResetPasswordForm');
    await expect(page.getByRole('alert')).toContainText(AUTH_MESSAGES.invalidResetLink);
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

/** A fresh verified account, made through the API (registering is limited: one per test). */
async function verifiedAccount(page: Page, label: string, password: string): Promise<string> {
  const email = `early-${label}-${Date.now()}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    headers: ownAddress(),
    data: { username: email, password, firstname: 'Early', lastname: 'Bird', acceptedPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const verify = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
  expect((await page.request.get(`/api/auth/verify-email${verify.search}`)).status()).toBe(200);
  return email;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('the add-address form', () => {
  test('typed and submitted before its script arrives, the address is saved', async ({
    page,
    problems,
  }) => {
    const password = 'an early bird password';
    const email = await verifiedAccount(page, 'address', password);
    await logIn(page, email, password);

    await beforeScripts(page, '/accountaddresses', async () => {
      await page.getByLabel('Address Line 1', { exact: true }).fill('5 Early Lane');
      await page.getByLabel('Address Line 2', { exact: true }).fill('Suite 2');
      await page.getByLabel('City', { exact: true }).fill('Eugene');
      await page.getByLabel('State', { exact: true }).selectOption('OR');
      await page.getByLabel('ZIP Code', { exact: true }).fill('97401');
      await page.getByRole('button', { name: 'Add address', exact: true }).click();
      await expect(page).toHaveURL(/\/accountaddresses$/);
      await expect(page.locator('form[data-submit-queued]')).toHaveCount(1);
    });
    await hydrated(page, 'AddressesPage');
    await expect(page.locator('.address-list li')).toHaveCount(1);
    await expect(page.locator('.address-list')).toContainText(
      '5 Early Lane, Suite 2, Eugene, OR 97401',
    );
    // Saved once, and the form is empty again for the next one.
    await expect(page.getByLabel('Address Line 1', { exact: true })).toHaveValue('');
    expect(problems).toEqual([]);
  });
});

test.describe('the change password form', () => {
  test('typed and submitted before its script arrives, the password is changed', async ({
    page,
    problems,
  }) => {
    const password = 'an early bird password';
    const email = await verifiedAccount(page, 'password', password);
    await logIn(page, email, password);

    const changed = 'changed on a slow phone';
    const typed = {
      'Current password': password,
      'New password': changed,
      'Confirm new password': changed,
    };
    const sendChange = await holdRequests(page, '**/api/auth/changePassword');
    await beforeScripts(page, '/account', async () => {
      for (const [label, value] of Object.entries(typed)) {
        await fillField(page, label, value);
      }
      await page.getByRole('button', { name: ACCOUNT_TEXT.savePassword }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.locator('form[data-submit-queued]')).toHaveCount(1);
    });
    await hydrated(page, 'AccountSettings');
    // Sent once hydrated, with every value still in its field while it is on its way.
    await expect(page.getByRole('button', { name: ACCOUNT_TEXT.savingPassword })).toBeVisible();
    for (const [label, value] of Object.entries(typed)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    sendChange();
    await expect(page.getByText(PROFILE_MESSAGES.passwordUpdated)).toBeVisible();
    // The profile comes once the session is confirmed; the password manager gets the username.
    await expect(page.getByLabel('First name')).toHaveValue('Early');
    await expect(page.locator('input[autocomplete="username"]')).toHaveValue(email);
    expect(problems).toEqual([]);

    // The password typed before the script arrived is the one that now works.
    const login = (tried: string) =>
      page.request.post('/api/auth/login', { data: { username: email, password: tried } });
    expect((await login(changed)).status()).toBe(200);
    expect((await login(password)).status()).not.toBe(200);
  });
});

const BILLING = {
  'Address Line 1': '12 Card Holder Way',
  'Address Line 2': 'Floor 3',
  City: 'Seattle',
  State: 'WA',
  'ZIP Code': '98101',
  'Card number': '4242 4242 4242 4242',
  'Expiry (MM/YY)': '12/34',
  'Security code': '123',
};

/** A guest checkout whose contact and shipping are done, as the billing step finds it stored. */
const shippedTo = (email: string) => ({
  guestContact: { firstname: 'Ada', lastname: 'Early', email },
  shippingAddress: {
    line1: '77 Slow Phone Rd.',
    line2: '',
    city: 'Spokane',
    state: 'WA',
    zipcode: '99201',
  },
});

test.describe('the billing step', () => {
  test('a card and an address typed, and Continue pressed, before its script arrives reach review', async ({
    page,
    problems,
  }) => {
    await seedCart(page, [mug]);
    await seedCheckout(page, shippedTo('ada-card@example.com'));
    const tokenise = await holdRequests(page, '**/api/payments/sandbox/tokens');
    await beforeScripts(page, '/billing', async () => {
      await page.getByLabel('Billing address same as shipping').uncheck();
      for (const [label, value] of Object.entries(BILLING)) {
        await fillField(page, label, value);
      }
      await page.getByRole('button', { name: 'Continue to review' }).click();
      await expect(page).toHaveURL(/\/billing$/);
      await expect(page.locator('form[data-submit-queued]')).toHaveCount(1);
    });
    await hydrated(page, 'BillingStep');
    // Sent once hydrated, with every value still in its field while the card is checked.
    await expect(page.getByRole('button', { name: 'Checking your card…' })).toBeVisible();
    await expect(page.getByLabel('Billing address same as shipping')).not.toBeChecked();
    for (const [label, value] of Object.entries(BILLING)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    tokenise();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('checkout')!));
    expect(stored.billingAddress).toEqual({
      line1: '12 Card Holder Way',
      line2: 'Floor 3',
      city: 'Seattle',
      state: 'WA',
      zipcode: '98101',
    });
    expect(stored.billingInfo).toMatchObject({ last4Number: '4242', expirationYear: '2034' });
    // The card's number went to the tokeniser only: the browser keeps none of it.
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(kept).not.toMatch(/4242 ?4242 ?4242/);
    expect(problems).toEqual([]);
  });

  test('an expiry typed as digits before its script arrives reads MM/YY once the form is ready', async ({
    page,
    problems,
  }) => {
    await seedCart(page, [mug]);
    await seedCheckout(page, shippedTo('ada-expiry@example.com'));
    const expiry = page.getByLabel('Expiry (MM/YY)', { exact: true });
    await beforeScripts(page, '/billing', async () => {
      await expiry.pressSequentially('1229');
      await expect(expiry).toHaveValue('1229');
    });
    await hydrated(page, 'BillingStep');
    await expect(expiry).toHaveValue('12/29');
    expect(problems).toEqual([]);
  });
});

test.describe('the cart', () => {
  test('offers nothing to type before its script, and keeps a quantity typed while it is checked', async ({
    page,
    problems,
  }) => {
    await seedCart(page, [mug]);
    const answerCheck = await holdRequests(page, '**/api/cart/validate');
    await beforeScripts(page, '/cart', async () => {
      // The cart is in this browser's storage: until the script reads it, no field to type into.
      await expect(page.getByText('Loading your cart…')).toBeVisible();
      await expect(page.getByRole('spinbutton')).toHaveCount(0);
    });
    const quantity = page.getByLabel('Quantity of Campfire Enamel Mug');
    await expect(page.getByText('Checking prices and stock…')).toBeVisible();
    await quantity.fill('3');
    answerCheck();
    await expect(page.getByText('Checking prices and stock…')).toHaveCount(0);
    await expect(quantity).toHaveValue('3');
    await expect(page.getByTestId('subtotal')).toHaveText('$57.00');
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!));
    expect(cart).toMatchObject([{ sku: mug.sku, quantity: 3 }]);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('button', { name: /order summary \(3 items\)/ })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
