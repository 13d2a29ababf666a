import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { watchConsole } from './support/console';
import { browseFromOwnAddress } from './support/account';
import { seedCart } from './support/orders';
import { serverDataDir } from './support/server';

browseFromOwnAddress();

/**
 * Real names and addresses in the shipping form (issue 13 point 3), and a ZIP that lies in another
 * state refused with the server's sentence under the ZIP field (issue 9 point 8): the browser
 * checks the format, the server knows the ZIP codes.
 */

const ZIP_IN_OTHER_STATE =
  'This ZIP code is in another state. Please check the state and the ZIP code.';

/** A product no other test buys, so no stock moves under it: the Cedar Sachet Trio, $14. */
const line = {
  _id: seedProductId('cedar-sachet-trio'),
  title: 'Cedar Sachet Trio',
  sku: 'EG-SACHET-CEDAR',
  price: 14,
  quantity: 1,
  supplier: 'local-artisan',
  category: 'home',
  stock: 60,
};

interface Shipping {
  firstname: string;
  lastname: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zipcode: string;
}

async function fillShipping(page: Page, values: Shipping) {
  await page.getByLabel('First name').fill(values.firstname);
  await page.getByLabel('Last name').fill(values.lastname);
  await page.getByLabel('Email').fill('siobhan@example.com');
  await page.getByLabel('Address Line 1').fill(values.line1);
  await page.getByLabel('Address Line 2').fill(values.line2);
  await page.getByLabel('City').fill(values.city);
  await page.getByLabel('State').selectOption(values.state);
  await page.getByLabel('ZIP Code').fill(values.zipcode);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const portland: Shipping = {
  firstname: 'Siobhán',
  lastname: "O'Brien",
  line1: '123 Main St.',
  line2: 'Apt #4',
  city: 'Portland',
  state: 'OR',
  zipcode: '98101',
};

test("an Oregon address with a Seattle ZIP shows the server's sentence under the ZIP", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await seedCart(page, [line]);
  await page.goto('/shipping');
  await fillShipping(page, portland);

  const zip = page.getByLabel('ZIP Code');
  await expect(page.locator('#shipping-zipcode-error')).toHaveText(ZIP_IN_OTHER_STATE);
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toBeFocused();
  await expect(page).toHaveURL(/\/shipping$/);
  // The real name and address lines raised nothing.
  for (const field of ['guest-firstname', 'guest-lastname', 'shipping-line1', 'shipping-line2']) {
    await expect(page.locator(`#${field}-error`)).toHaveCount(0);
  }

  await zip.fill('00000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('#shipping-zipcode-error')).toHaveText(
    'Please enter zip or zip + 4 format',
  );

  await zip.fill('97204-1912');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  expect(problems).toEqual([]);
});

test("O'Brien at 123 Main St., Apt #4 orders, untaxed in Oregon, and the email says so", async ({
  page,
}) => {
  await seedCart(page, [line]);
  await page.goto('/shipping');
  await fillShipping(page, { ...portland, zipcode: '97204' });
  await expect(page).toHaveURL(/\/billing$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const totals = page.locator('.totals');
  await expect(totals).toContainText('Sales tax (0%)$0.00');
  await expect(totals).toContainText('Total$14.00');
  await page.getByLabel('I agree to the Return Policy').check();
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  await expect(page).toHaveURL(/\/orderconfirmation$/);
  await expect(page.locator('address')).toContainText('123 Main St.');
  await expect(page.locator('address')).toContainText('Apt #4');
  await expect(page.locator('address')).toContainText('Portland, OR 97204');
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();

  // The confirmation email, written as an .eml file, names the shopper and the address.
  const folder = join(serverDataDir(), 'mail');
  const confirmation = () =>
    readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.includes('order.confirmed'))
      .map((entry) => readFileSync(join(folder, entry.name), 'utf8'))
      .find((eml) => eml.includes(`Order number: ${orderNumber}`));
  await expect.poll(confirmation, { timeout: 15_000 }).toBeDefined();
  const eml = confirmation()!;
  expect(eml).toContain('To: siobhan@example.com');
  expect(eml).toContain('123 Main St.');
});
