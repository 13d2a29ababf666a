import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { SLIP_TEXT } from '../../core/admin/slips';
import { browseFromOwnAddress } from './support/account';
import { ownerAuthorization, ownerLogsIn, shipAsOwner } from './support/owner';

browseFromOwnAddress();

/*
 * Issue 40 through the pages: a shopper names two Cedar Ridge mugs ("Grandma Jo" and another),
 * sees the name on the mug's picture, buys them with a plain alder board, and finds both names on
 * the confirmation; the owner finds them on the order page and the packing slip; once delivered,
 * a return offers the board only. On a phone and on a desktop.
 */
const MUG = seedProductId('cedar-ridge-mug');
const BOARD = seedProductId('alder-cutting-board');

async function personalizeAndAdd(page: Page, name: string) {
  const field = page.getByLabel('Name on the mug (optional)');
  await field.fill(name);
  await expect(page.getByTestId('counter')).toHaveText(`${name.length} of 14 characters`);
  // The preview writes the name on the picture; the price shows the $6.00 it adds.
  await expect(page.getByTestId('personalization-preview')).toHaveText(name);
  await expect(page.getByTestId('price')).toHaveText('$30.00');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 1' })).toBeVisible();
}

async function checkOut(page: Page, email: string) {
  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill('Marchbanks');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address Line 1').fill('400 Pine St');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').selectOption('WA');
  await page.getByLabel('ZIP Code').fill('98101');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`personalized mugs on a ${device}`, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });

    test('two names, two lines, on every page of the order; no return for them', async ({
      page,
    }) => {
      const other = device === 'phone' ? 'Uncle Sam' : 'Auntie May';
      const email = `jo.${device}.${Date.now()}@example.com`;

      await page.goto(`/productdetailpage/${MUG}`);
      await expect(page.getByTestId('personalized-policy')).toHaveText(
        'Personalized items cannot be returned. You can cancel the order while it is unfulfilled.',
      );
      await expect(page.getByTestId('personalization-preview')).toHaveCount(0);
      await personalizeAndAdd(page, 'Grandma Jo');
      await personalizeAndAdd(page, other);

      // A plain board (its initials and date are optional): a line a return may take.
      await page.goto(`/productdetailpage/${BOARD}`);
      await expect(page.getByTestId('price')).toHaveText('$58.00');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Added 1' })).toBeVisible();

      await page.goto('/cart');
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      await expect(page.getByText('Name on the mug: Grandma Jo')).toBeVisible();
      await expect(page.getByText(`Name on the mug: ${other}`)).toBeVisible();
      await page.getByRole('link', { name: 'Proceed to checkout' }).click();
      await checkOut(page, email);
      await expect(page.getByText('Name on the mug: Grandma Jo')).toBeVisible();
      await page.getByLabel('I agree to the Return Policy').check();
      await page.getByRole('button', { name: 'This is a test site, do not click' }).click();

      await expect(page).toHaveURL(/\/orderconfirmation$/);
      await expect(page.getByText('Name on the mug: Grandma Jo')).toBeVisible();
      await expect(page.getByText(`Name on the mug: ${other}`)).toBeVisible();
      const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
      const statusUrl = (await page.locator('[data-status-link]').getAttribute('href'))!;

      // The owner's order page and its packing slip.
      await ownerLogsIn(page, `/admin/orders?q=${encodeURIComponent(email)}`);
      await page
        .getByRole('link', { name: `Order ${orderNumber}` })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
      const orderId = page.url().split('/').pop()!;
      await expect(page.getByText('Name on the mug: Grandma Jo').first()).toBeVisible();
      await expect(page.getByText(`Name on the mug: ${other}`).first()).toBeVisible();
      await page.getByRole('link', { name: SLIP_TEXT.printOne }).click();
      const slip = page.getByRole('region', { name: `Order ${orderNumber}` });
      await expect(slip).toContainText('Name on the mug: Grandma Jo');
      await expect(slip).toContainText(`Name on the mug: ${other}`);
      const pick = page.getByTestId('pick-list');
      await expect(pick.locator('tr[data-sku="EG-MUG-CEDAR-GRN"]')).toHaveCount(2);

      // Delivered: a return offers the board, and says why the mugs stay.
      await shipAsOwner(page.request, orderId, {
        carrier: 'USPS',
        trackingNumber: '9400100000000000000001',
      });
      const delivered = await page.request.post(`/api/admin/orders/${orderId}/deliver`, {
        headers: await ownerAuthorization(page.request),
        data: {},
      });
      expect(delivered.status(), await delivered.text()).toBe(200);
      await page.goto(statusUrl);
      await page.getByRole('button', { name: 'Start a Return' }).click();
      const items = page.getByRole('group', { name: 'Items to return' });
      await expect(items.getByRole('checkbox')).toHaveCount(1);
      await expect(items).toContainText('Red Alder Cutting Board');
      await expect(items).not.toContainText('Cedar Ridge');
      await expect(page.locator('[data-excluded]')).toContainText(
        'Cedar Ridge Stoneware Mug (Forest Green), Grandma Jo × 1: Personalized items cannot be returned',
      );
    });
  });
}
