import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import {
  acceptCookies,
  browseFromOwnAddress,
  hydrated,
  linkFromMail,
  ownAddress,
  signedIn,
} from './support/account';

browseFromOwnAddress();

/*
 * A signed-in shopper's wallet in Chromium against the built server: saved addresses, and
 * checkouts that use the account (issue 10 point 8, issue 11 points 1 to 3). Registering is
 * limited per network address, so the file registers one account and its tests run in order.
 */
test.describe.configure({ mode: 'serial' });

const email = `wren.${Date.now()}@example.com`;
const password = 'alder grove after rain';
const SEATTLE = { line1: '400 Pine St', city: 'Seattle', state: 'WA', zipcode: '98101' };
const PORTLAND = { line1: '1120 SW 5th Ave', city: 'Portland', state: 'OR', zipcode: '97204' };

const enamel = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
  supplier: 'warehouse',
  category: 'home',
  stock: 40,
};

test.beforeEach(async ({ page }) => acceptCookies(page));

test.beforeAll(async ({ request }) => {
  const registered = await request.post('/api/auth/register', {
    headers: ownAddress(),
    data: { username: email, password, firstname: 'Wren', lastname: 'Alder', acceptedPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
  const verified = await request.get(`/api/auth/verify-email${link.search}`);
  expect(verified.status()).toBe(200);
});

/** Signed in for the task that follows (the login page's own test is account.spec.ts). */
async function logIn(page: Page) {
  await signedIn(page, email, password);
}

async function seedCart(page: Page) {
  await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify([enamel]));
}

/**
 * Places the order on the review page and returns the order the server confirmed: the page hands
 * the confirm call's answer to /orderconfirmation, which keeps it in its history entry.
 */
async function confirmOnReview(page: Page) {
  await expect(page).toHaveURL(/\/checkout$/);
  // A signed-in shopper has no return-policy box to tick: the account's terms cover it.
  await expect(page.getByLabel('I agree to the Return Policy')).toHaveCount(0);
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  await expect(page).toHaveURL(/\/orderconfirmation$/);
  await expect(page.getByTestId('order-number')).toBeVisible();
  const order = await page.evaluate(() => (history.state as { order?: unknown } | null)?.order);
  expect(order).toBeTruthy();
  return { order } as ConfirmAnswer;
}

interface ConfirmAnswer {
  order: {
    isGuest: boolean;
    guestContact: { email: string };
    shippingAddress: unknown;
    payment: { brand: string | null; last4: string | null } | null;
  };
}

test('addresses: add with the checkout’s form and rules, list, delete', async ({ page }) => {
  await logIn(page);
  await page.goto('/accountaddresses');
  await hydrated(page, 'AddressesPage');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();

  // The section 5 rules, under the fields.
  await page.getByLabel('Address Line 1').fill(PORTLAND.line1);
  await page.getByLabel('City').fill(PORTLAND.city);
  // The state is the checkout's select: Alaska and Hawaii are not offered.
  await expect(page.getByLabel('State').locator('option[value="AK"]')).toHaveCount(0);
  await page.getByLabel('ZIP Code').fill(PORTLAND.zipcode);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.locator('#account-address-state-error')).toHaveText('State is required');

  await page.getByLabel('State').selectOption(PORTLAND.state);
  await page.getByRole('button', { name: 'Add address' }).click();
  const portland = page.getByRole('listitem').filter({ hasText: '1120 SW 5th Ave' });
  await expect(portland).toBeVisible();
  await portland.getByRole('button', { name: /Delete/ }).click();
  await expect(portland).toHaveCount(0);
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();

  await page.getByLabel('Address Line 1').fill(SEATTLE.line1);
  await page.getByLabel('City').fill(SEATTLE.city);
  await page.getByLabel('State').selectOption(SEATTLE.state);
  await page.getByLabel('ZIP Code').fill(SEATTLE.zipcode);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '400 Pine St' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: '400 Pine St' })).toBeVisible();
});

test('a signed-in checkout: the saved address preselected, no guest fields, the 4242 card; the order is the account’s', async ({
  page,
}) => {
  await logIn(page);
  await seedCart(page);
  await page.goto('/shipping');
  await hydrated(page, 'ShippingStep');
  await expect(page.getByRole('radio', { name: /400 Pine St/ })).toBeChecked();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByLabel('Address Line 1')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/billing$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();

  const { order } = await confirmOnReview(page);
  expect(order.isGuest).toBe(false);
  expect(order.guestContact.email).toBe(email);
  expect(order.shippingAddress).toMatchObject(SEATTLE);
});

test('ship to another address: the form shows, and the new address is saved to the account', async ({
  page,
}) => {
  await logIn(page);
  await seedCart(page);
  await page.goto('/shipping');
  await hydrated(page, 'ShippingStep');
  await page.getByRole('radio', { name: 'Ship to another address' }).check();
  await expect(page.getByRole('radio', { name: /400 Pine St/ })).not.toBeChecked();
  await page.getByLabel('Address Line 1').fill(PORTLAND.line1);
  await page.getByLabel('City').fill(PORTLAND.city);
  await page.getByLabel('State').selectOption(PORTLAND.state);
  await page.getByLabel('ZIP Code').fill(PORTLAND.zipcode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/);

  await page.goto('/accountaddresses');
  await hydrated(page, 'AddressesPage');
  await expect(page.getByRole('listitem').filter({ hasText: '1120 SW 5th Ave' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '400 Pine St' })).toBeVisible();
});

test('a new card saved at billing, then a second checkout with the stored card; deleted on /storedpayments', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/storedpayments');
  await hydrated(page, 'StoredPaymentsPage');
  await expect(page.getByText('You have no stored cards yet.')).toBeVisible();

  // First checkout: a new card with "Save this card".
  await seedCart(page);
  await page.goto('/shipping');
  await hydrated(page, 'ShippingStep');
  await page.getByRole('radio', { name: /400 Pine St/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await hydrated(page, 'BillingStep');
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('checkbox', { name: 'Save this card' }).check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  const first = await confirmOnReview(page);
  expect(first.order.payment).toEqual({ brand: 'mastercard', last4: '4444' });

  await page.goto('/storedpayments');
  const stored = page.getByRole('listitem').filter({ hasText: 'Mastercard ending in 4444' });
  await expect(stored).toContainText('expires 12/2034');

  // Second checkout: the stored card is offered first and pays.
  await seedCart(page);
  await page.goto('/shipping');
  await hydrated(page, 'ShippingStep');
  await expect(page.getByRole('radio', { name: /400 Pine St/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await hydrated(page, 'BillingStep');
  await expect(page.getByRole('radio', { name: /Mastercard ending in 4444/ })).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to review' }).click();
  const second = await confirmOnReview(page);
  expect(second.order.payment).toEqual({ brand: 'mastercard', last4: '4444' });
  expect(second.order.guestContact.email).toBe(email);

  // Deleted: gone from the list, and from billing's choices.
  await page.goto('/storedpayments');
  await hydrated(page, 'StoredPaymentsPage');
  await stored.getByRole('button', { name: /Delete/ }).click();
  await expect(stored).toHaveCount(0);
  await expect(page.getByText('You have no stored cards yet.')).toBeVisible();
});
