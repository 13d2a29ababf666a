import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { GIFT_CARD_LABELS } from '../../core/gift-cards/model';
import { browseFromOwnAddress, hydrated } from './support/account';
import { ENAMEL_MUG, SEATTLE, seedCart } from './support/orders';

browseFromOwnAddress();

/*
 * Issue 39 point 6: the gift-card forms belong to the shop — the balance page and the billing
 * step's Apply use the shop's fields and buttons: 16 px text (a phone does not zoom in on focus)
 * and 44 px targets; a refused code is announced and tied to its field.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function expectShopSized(field: Locator, button: Locator) {
  const fontSize = await field.evaluate((element) => getComputedStyle(element).fontSize);
  expect(fontSize).toBe('16px');
  expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
}

async function refusedCode(page: Page, field: Locator) {
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  expect(described.split(' ')).toContain(await alert.getAttribute('id'));
}

test('the balance page: the shop form, and a refused code tied to its field', async ({ page }) => {
  await page.goto('/giftcard/balance');
  const field = page.getByLabel(GIFT_CARD_LABELS.code);
  const check = page.getByRole('button', { name: GIFT_CARD_LABELS.check });
  await expectShopSized(field, check);
  await field.fill('NOT-A-CODE');
  await check.click();
  await refusedCode(page, field);
});

test("the billing step's gift card: the shop's field and buttons", async ({ page }) => {
  await seedCart(page, [ENAMEL_MUG]);
  await page.goto('/shipping');
  await hydrated(page, 'ShippingStep');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill('grace.forms@example.com');
  await page.getByLabel('Address Line 1').fill(SEATTLE.line1);
  await page.getByLabel('City').fill(SEATTLE.city);
  await page.getByLabel('State', { exact: true }).selectOption(SEATTLE.state);
  await page.getByLabel('ZIP Code').fill(SEATTLE.zipcode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await hydrated(page, 'BillingStep');
  const field = page.getByLabel(GIFT_CARD_LABELS.code);
  await field.fill('2222-3333-4444-5555');
  const apply = page.getByRole('button', { name: GIFT_CARD_LABELS.apply });
  await expectShopSized(field, apply);
  await apply.click();
  await refusedCode(page, field);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the gift card's own fields on its product page: the shop's sizes", async ({ page }) => {
  await page.goto(`/productdetailpage/${seedProductId('evergreen-gift-card')}`);
  for (const label of [GIFT_CARD_LABELS.recipientName, GIFT_CARD_LABELS.recipientEmail]) {
    const field = page.getByLabel(label);
    await expect(field).toBeVisible();
    expect(await field.evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px');
    expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
