import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { HOME_TEXT } from '../../core/site-messages';
import { browseFromOwnAddress } from './support/account';
import { seedCart } from './support/orders';
import { serverDataDir } from './support/server';

browseFromOwnAddress();

/**
 * The guest checkout in Chromium against the built server. The first test shops from the home
 * page; the others put their cart in localStorage before the first page loads, once per test.
 */

interface CartLine {
  _id: string;
  title: string;
  sku: string;
  price: number;
  quantity: number;
  supplier: string;
  category: string;
  stock?: number;
  variantTitle?: string;
}

const enamel: CartLine = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
  supplier: 'warehouse',
  category: 'home',
  stock: 40,
};
/** Bought only by the declined-card test, so a parallel order cannot change its stock. */
const coasters: CartLine = {
  _id: seedProductId('cedar-coaster-set'),
  title: 'Cedar Coaster Set',
  sku: 'EG-COASTER-CEDAR',
  price: 22,
  quantity: 1,
  supplier: 'local-artisan',
  category: 'home',
  stock: 31,
};
const mice: CartLine = {
  _id: seedProductId('wool-mouse-trio'),
  title: 'Wool Mouse Trio',
  sku: 'EG-CATTOY-MICE',
  price: 15,
  quantity: 2,
  supplier: 'local-artisan',
  category: 'pet',
};

const SEATTLE = { line1: '400 Pine St', city: 'Seattle', state: 'WA', zipcode: '98101' };

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function fillShipping(page: Page, address = SEATTLE) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Address Line 1').fill(address.line1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').selectOption(address.state);
  await page.getByLabel('ZIP Code').fill(address.zipcode);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function fillCard(page: Page, number: string) {
  await expect(page).toHaveURL(/\/billing$/);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

async function available(page: Page, line: CartLine): Promise<number | null> {
  const response = await page.request.post('/api/orders/quote', {
    data: { items: [{ ...line, quantity: 1 }], shippingAddress: { ...SEATTLE, line2: '' } },
  });
  const quote = (await response.json()) as { items: { available: number | null }[] };
  return quote.items[0]!.available;
}

function mailFiles(): string[] {
  const folder = join(serverDataDir(), 'mail');
  try {
    return readdirSync(folder).map((name) => readFileSync(join(folder, name), 'utf8'));
  } catch {
    return [];
  }
}

test('a guest goes from the home page to a confirmed order with the 4242 card', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const mugId = seedProductId('cedar-ridge-mug');
  await page.goto('/');
  // The featured carousel loads its products once it scrolls into view.
  await page.getByRole('heading', { name: HOME_TEXT.featuredProducts }).scrollIntoViewIfNeeded();
  const card = page.getByRole('link', { name: /Cedar Ridge Stoneware Mug/ }).first();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/productdetailpage/${mugId}`));
  await page
    .getByRole('group', { name: 'Color' })
    .getByRole('radio', { name: 'Slate Blue' })
    .check();
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status')).toContainText('Added 2');

  // A bundle: one option from each list, one cart line, one order line.
  await page.goto(`/productdetailpage/${seedProductId('yoga-starter-bundle')}`);
  await page
    .getByRole('group', { name: 'Mat color' })
    .getByRole('radio', { name: 'Glacier Blue' })
    .check();
  await page
    .getByRole('group', { name: 'Strap color' })
    .getByRole('radio', { name: 'Moss' })
    .check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status')).toContainText('which now holds 3 items');

  await page.getByRole('link', { name: 'Cart, 3 items' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');

  // The review shows the server's figures: 2 × $24 + $98 = $146, Seattle tax 10.35 % = $15.11.
  await expect(page.getByText('Slate Blue')).toBeVisible();
  await expect(page.getByText('Mat color: Glacier Blue, Strap color: Moss')).toBeVisible();
  const totals = page.locator('.totals');
  await expect(totals).toContainText('Subtotal$146.00');
  await expect(totals).toContainText('Sales tax (10.35%)$15.11');
  await expect(totals).toContainText('Total$161.11');
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();

  await page.getByLabel('I agree to the Return Policy').check();
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();

  await expect(page).toHaveURL(/\/orderconfirmation$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  expect(orderNumber).toMatch(/^\d+$/);
  await expect(page.getByText('Cedar Ridge Stoneware Mug')).toBeVisible();
  await expect(page.getByText('Yoga Starter Bundle')).toBeVisible();
  await expect(page.locator('.totals')).toContainText('Total$161.11');
  await expect(page.locator('address')).toContainText('400 Pine St');
  await expect(page.locator('address')).toContainText('Seattle, WA 98101');

  // The cart and the checkout state are cleared; the badge says so.
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  const checkout = JSON.parse((await page.evaluate(() => localStorage.getItem('checkout')))!);
  expect(checkout).toMatchObject({
    items: [],
    subtotal: 0,
    salesTax: 0,
    guestContact: { email: '' },
  });

  // A reload of the same page keeps showing the order.
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);

  // The product page's stock is today's: 9 Slate Blue mugs, 2 sold.
  const detail = await page.request.get(`/api/product/detail/${mugId}`);
  const product = (await detail.json()) as { variants: { sku: string; quantity: number }[] };
  expect(product.variants.find((variant) => variant.sku === 'EG-MUG-CEDAR-BLU')!.quantity).toBe(7);

  // The confirmation email was written as an .eml file naming the order.
  await expect
    .poll(
      () =>
        mailFiles().filter(
          (mail) =>
            mail.includes('To: ada@example.com') && mail.includes(`Order number: ${orderNumber}`),
        ).length,
      { timeout: 10_000 },
    )
    .toBe(1);
  expect(problems).toEqual([]);
});

test('a declined card shows its message and leaves stock unchanged', async ({ page }) => {
  const problems = watchConsole(page);
  const before = await available(page, coasters);
  await seedCart(page, [coasters]);
  await page.goto('/shipping');
  await fillShipping(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByLabel('I agree to the Return Policy').check();
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your card was declined. Please use another card or contact your bank.',
  );
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await available(page, coasters)).toBe(before);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!).length)).toBe(1);
  expect(problems).toEqual([]);
});

test('the state is a select of the 49 states; a stored Alaska address shows the spec sentence', async ({
  page,
}) => {
  await seedCart(page, [enamel]);
  // An address kept from before the select (typed as AK): the spec's sentence still says why.
  await page.addInitScript(
    (address) => {
      if (sessionStorage.getItem('e2e-checkout-seeded')) return;
      localStorage.setItem('checkout', JSON.stringify({ shippingAddress: address }));
      sessionStorage.setItem('e2e-checkout-seeded', '1');
    },
    { line1: '1 Harbor Way', line2: '', city: 'Juneau', state: 'AK', zipcode: '99801' },
  );
  await page.goto('/shipping');
  const state = page.getByLabel('State');
  const values = await state
    .locator('option')
    .evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
    );
  expect(values).toHaveLength(49);
  expect(values.every((value) => /^[A-Z]{2}$/.test(value))).toBe(true);
  expect(values).toContain('DC');
  expect(values).not.toContain('AK');
  expect(values).not.toContain('HI');
  await expect(page.getByLabel('Address Line 1')).toHaveValue('1 Harbor Way');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(state).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#shipping-state-error')).toHaveText(
    "Please enter state postal abbreviation. Sorry, we can't sell to AK or HI at this time",
  );
  await expect(state).toBeFocused();
  await state.selectOption('WA');
  await expect(state).toHaveValue('WA');
  await expect(page.locator('#shipping-state-error')).toHaveCount(0);
});

test('the shipping form shows each rule of spec §5 under its field', async ({ page }) => {
  await seedCart(page, [enamel]);
  await page.goto('/shipping');
  await expect(page.getByPlaceholder('Address Line 1')).toBeVisible();
  await expect(page.getByLabel('State')).toBeVisible();
  for (const placeholder of ['Address Line 2', 'City', 'ZIP Code']) {
    await expect(page.getByPlaceholder(placeholder)).toBeVisible();
  }
  await page.getByLabel('First name').fill('Ada!');
  await page.getByLabel('Email').fill('ada@');
  await page.getByLabel('Address Line 1').fill('400 Pine St (2)');
  await page.getByLabel('ZIP Code').fill('9810');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('#guest-firstname-error')).toHaveText('Unable to parse name');
  await expect(page.locator('#guest-lastname-error')).toHaveText('Last name is required');
  await expect(page.locator('#guest-email-error')).toHaveText('Valid email is required');
  await expect(page.locator('#shipping-line1-error')).toHaveText(
    'Only numbers, spaces or alphabet characters are allowed',
  );
  await expect(page.locator('#shipping-city-error')).toHaveText('City is required');
  await expect(page.locator('#shipping-zipcode-error')).toHaveText(
    'Please enter zip or zip + 4 format',
  );
  // Fixing a field clears its message as the shopper types.
  await page.getByLabel('ZIP Code').fill('98101-1234');
  await expect(page.locator('#shipping-zipcode-error')).toHaveCount(0);
});

test('the unchecked return-policy box shows its sentence', async ({ page }) => {
  await seedCart(page, [enamel]);
  await page.goto('/shipping');
  await fillShipping(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  await expect(page.locator('#agree-error')).toHaveText(
    'You must agree to the Return Policy to confirm your order.',
  );
  await expect(page).toHaveURL(/\/checkout$/);
});

test('an order for more than the stock shows the out-of-stock lines', async ({ page }) => {
  await seedCart(page, [mice]);
  await page.goto('/shipping');
  await fillShipping(page);
  await fillCard(page, '5555 5555 5555 4444');
  await expect(page.getByText('Only 1 left in stock')).toBeVisible();
  await page.getByLabel('I agree to the Return Policy').check();
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('One of the products is out of stock');
  await expect(alert).toContainText('There is a problem on our end. Please try again later.');
});

test('the sandbox card form refuses a number that is not a test card', async ({ page }) => {
  await seedCart(page, [enamel]);
  await page.goto('/shipping');
  await fillShipping(page);
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.locator('#card-number-error')).toHaveText(
    'This is a test shop: only the test card numbers listed on this page are accepted. Never enter a real card here.',
  );
  await expect(page).toHaveURL(/\/billing$/);
});

test('reloading /orderconfirmation without state shows the Oops text', async ({ page }) => {
  await page.goto('/orderconfirmation');
  await page.reload();
  await expect(
    page.getByText('Oops! Something went wrong while confirming your order.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/checkout');
});

test('an empty cart sends the shopper from /shipping back to /cart, and /review leads to /checkout', async ({
  page,
  request,
}) => {
  await page.goto('/shipping');
  await expect(page).toHaveURL(/\/cart$/);
  const review = await request.get('/review', { maxRedirects: 0 });
  expect(review.status()).toBe(301);
  expect(review.headers()['location']).toBe('/checkout');
});
