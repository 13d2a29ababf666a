import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { ARRIVAL_TEXT } from '../../core/arrival';
import { ORDER_STATUS_TEXT } from '../../core/orders/order-status';
import { acceptCookies, browseFromOwnAddress, hydrated, mails } from './support/account';

browseFromOwnAddress();

/*
 * Issue 41 point 2 through the pages, on a phone and on a desktop: the product page says when a
 * parcel arrives if ordered today, and the cart, the shipping step, the review step, the
 * confirmation, its email and the order's own page say the same window for a Washington address;
 * downloads and gift cards say what happens instead. The notice bar: arrival-notices.spec.ts.
 */

const mugId = seedProductId('campfire-enamel-mug');
const IF_ORDERED_TODAY = /^Arrives (.+) if ordered today$/;

/** The product page's window ("Dec 16–19"), read as the page shows it, before any script. */
async function productPageWindow(page: Page, productId: string): Promise<string> {
  const response = await page.request.get(`/productdetailpage/${productId}`);
  const html = await response.text();
  const line = /data-testid="arrival"[^>]*>([^<]+)</.exec(html)?.[1];
  expect(line, 'the arrival line is in the page as sent').toBeTruthy();
  return IF_ORDERED_TODAY.exec(line!.trim())?.[1] ?? '';
}

async function shipToSeattle(page: Page, email: string) {
  await hydrated(page, 'ShippingStep');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address Line 1').fill('400 Pine St');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State', { exact: true }).selectOption('WA');
  await page.getByLabel('ZIP Code').fill('98101');
}

async function payWithTestCard(page: Page) {
  await expect(page).toHaveURL(/\/billing$/);
  await hydrated(page, 'BillingStep');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

/** The text part of the confirmation email of order `number` to `email`, once it is written. */
async function confirmationMail(email: string, number: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const mail = mails().find(
          (entry) => entry.to.includes(email) && entry.subject.includes(`order ${number} is`),
        );
        text = mail?.text ?? '';
        return text !== '';
      },
      { timeout: 15_000, message: `the confirmation email of order ${number}` },
    )
    .toBe(true);
  return text.replace(/\s+/g, ' ');
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 768 }],
] as const) {
  test.describe(`arrival dates on a ${device}`, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });

    test('the product page, the cart, the checkout steps, the confirmation, its email and the order page say the same window', async ({
      page,
    }) => {
      await acceptCookies(page);
      const window = await productPageWindow(page, mugId);
      expect(window).toMatch(/^[A-Z][a-z]{2} \d{1,2}(–([A-Z][a-z]{2} )?\d{1,2})?$/);

      await page.goto(`/productdetailpage/${mugId}`);
      await expect(page.getByTestId('arrival')).toHaveText(`Arrives ${window} if ordered today`);
      await hydrated(page, 'ProductDetail');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('1 in your cart')).toBeVisible();

      await page.goto('/cart');
      await hydrated(page, 'CartPage');
      await expect(page.locator('.summary').getByTestId('arrival')).toHaveText(`Arrives ${window}`);
      await page.getByRole('link', { name: 'Proceed to checkout' }).click();

      const email = `arrival.${device}.${Date.now()}@example.com`;
      await shipToSeattle(page, email);
      // The summary beside the form: the window for Washington once the address is whole.
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await expect(summary.getByTestId('arrival')).toHaveText(`Arrives ${window}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await payWithTestCard(page);

      await expect(page.getByTestId('arrival')).toHaveText(`Arrives ${window}`);
      await page.getByLabel('I agree to the Return Policy').check();
      await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
      await expect(page).toHaveURL(/\/orderconfirmation$/);
      const number = (await page.getByTestId('order-number').textContent())!.trim();
      await expect(page.getByTestId('promised-arrival')).toHaveText(`Estimated arrival: ${window}`);

      expect(await confirmationMail(email, number)).toContain(`Estimated arrival: ${window}.`);

      // The order's own page (the signed link the confirmation gives): the stored window.
      await page.getByRole('link', { name: ORDER_STATUS_TEXT.viewOrder }).click();
      await hydrated(page, 'OrderStatusPage');
      const card = page.locator(`li[data-order="${number}"]`);
      await expect(card.getByTestId('promised-arrival')).toHaveText(`Estimated arrival: ${window}`);
    });
  });
}

test('a photo download and a gift card say what happens instead of a parcel', async ({ page }) => {
  await acceptCookies(page);
  await page.goto(`/productdetailpage/${seedProductId('olympic-sea-stacks-photo')}`);
  await expect(page.getByTestId('arrival')).toHaveText(ARRIVAL_TEXT.digital);
  await expect(page.getByTestId('arrival')).toHaveText('Download right after payment');
  await page.goto(`/productdetailpage/${seedProductId('evergreen-gift-card')}`);
  await expect(page.getByTestId('arrival')).toHaveText('Emailed on the date you choose');

  // A cart of the photo alone: the cart says so too, from the server's check.
  await hydrated(page, 'ProductDetail');
  await page.goto(`/productdetailpage/${seedProductId('olympic-sea-stacks-photo')}`);
  await hydrated(page, 'ProductDetail');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await expect(page.locator('.summary').getByTestId('arrival')).toHaveText(
    'Download right after payment',
  );
});

test('a mug that can be personalized says both windows: as it is, and later with its text', async ({
  page,
}) => {
  await page.goto(`/productdetailpage/${seedProductId('cedar-ridge-mug')}`);
  const plain = IF_ORDERED_TODAY.exec(
    (await page.getByTestId('arrival').textContent())!.trim(),
  )?.[1];
  expect(plain).toBeTruthy();
  const personalized = /^Personalized: arrives (.+) if ordered today$/.exec(
    (await page.getByTestId('arrival-personalized').textContent())!.trim(),
  )?.[1];
  expect(personalized).toBeTruthy();
  // Two working days of lead time: both ends later than the plain window's.
  const ends = (range: string) => {
    const [first, last] = range.split('–') as [string, string | undefined];
    const month = first.slice(0, 3);
    const end = last ?? first;
    return [first, /^\d+$/.test(end) ? `${month} ${end}` : end];
  };
  const year = new Date().getUTCFullYear();
  const at = (day: string) => Date.parse(`${day} ${year}`);
  const [plainFirst, plainLast] = ends(plain!);
  const [laterFirst, laterLast] = ends(personalized!);
  // (Across the new year a later day reads as an earlier one: the gap then is one year off.)
  const after = (a: string, b: string) => at(a) > at(b) || at(b) - at(a) > 300 * 86_400_000;
  expect(after(laterFirst!, plainFirst!)).toBe(true);
  expect(after(laterLast!, plainLast!)).toBe(true);
});
