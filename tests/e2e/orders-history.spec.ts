import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { HISTORY_MESSAGES } from '../../core/orders/history-model';
import { RATING_TEXT } from '../../src/islands/catalogue/rating-text';
import { acceptCookies, hydrated, linkFromMail, ownAddress, signedIn } from './support/account';
import { watchConsole } from './support/console';
import { placeGuestOrder } from './support/orders';
import { shipAsOwner } from './support/owner';

/*
 * One customer's order history from registration on, through the real API. Signed-in checkout is
 * built elsewhere, so the orders are placed through the guest checkout with the account's email
 * (a verified account lists them); the owner ships one through the back office's API
 * (support/owner.ts). Registering is limited per network address, so the file registers once and
 * its steps run in order.
 */
test.describe.configure({ mode: 'serial' });

const email = `orders.${Date.now()}@example.com`;
const password = 'huckleberry ridge trail';
// No other spec orders or rates the beard oil: specs run side by side, and this file reads its stock.
const oil = seedProductId('cedar-beard-oil');
const photo = seedProductId('rainier-sunrise-photo');
const placed: { id: string; number: number }[] = [];

test.beforeEach(async ({ page }) => acceptCookies(page));

async function stockOf(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get(`/api/product/detail/${id}`);
  return ((await response.json()) as { quantity: number }).quantity;
}

/** A guest order with the account's email, as the checkout pages send it. */
function placeOrder(request: APIRequestContext, quantity: number) {
  const item = { _id: oil, title: 'Cedar and Sage Beard Oil', sku: 'EG-BEARD-OIL', price: 22 };
  return placeGuestOrder(request, [{ ...item, quantity }], {
    firstname: 'Wren',
    lastname: 'Alder',
    email,
  });
}

/** Signed in for the task that follows (the login page's own test is account.spec.ts). */
async function logIn(page: Page) {
  await signedIn(page, email, password);
}

const group = (page: Page, status: string) => page.locator(`section[data-group="${status}"]`);
const card = (page: Page, number: number) => page.locator(`li[data-order="${number}"]`);

test('a verified customer sees their order under Unfulfilled', async ({ page, request }) => {
  const registered = await request.post('/api/auth/register', {
    headers: ownAddress(),
    data: { username: email, password, firstname: 'Wren', lastname: 'Alder', acceptedPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const verify = await linkFromMail(email, '/verifyemail');
  const url = new URL(verify, 'http://x');
  const verified = await request.get(`/api/auth/verify-email${url.search}`);
  expect(verified.status()).toBe(200);
  placed.push(await placeOrder(request, 2), await placeOrder(request, 1));

  const problems = watchConsole(page);
  await logIn(page);
  await page.goto('/orders');
  await hydrated(page, 'OrdersPage');
  const first = card(page, placed[0]!.number);
  await expect(
    group(page, 'unfulfilled').getByRole('heading', { name: 'Unfulfilled' }),
  ).toBeVisible();
  await expect(group(page, 'unfulfilled').locator(first)).toBeVisible();
  await expect(first.getByText('Cedar and Sage Beard Oil')).toBeVisible();
  await expect(first.getByText('Qty 2 × $22.00')).toBeVisible();
  await expect(first.getByText('400 Pine St, Seattle, WA 98101')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('cancel asks first, then the order moves to Canceled and its stock is back', async ({
  page,
  request,
}) => {
  const before = await stockOf(request, oil);
  await logIn(page);
  await page.goto('/orders');
  await hydrated(page, 'OrdersPage');
  const first = card(page, placed[0]!.number);

  // Keeping the order in the shop's own dialog changes nothing.
  const dialog = page.getByRole('dialog', { name: `Cancel order ${placed[0]!.number}?` });
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toContainText(HISTORY_MESSAGES.cancelConfirm);
  await expect(dialog).toContainText(`Order ${placed[0]!.number}, $`);
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(group(page, 'unfulfilled').locator(first)).toBeVisible();
  expect(await stockOf(request, oil)).toBe(before);

  await first.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(group(page, 'canceled').locator(first)).toBeVisible();
  await expect(first.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect(await stockOf(request, oil)).toBe(before + 2);
});

test('a shipped order offers Report an Issue, which needs a message and then sends it', async ({
  page,
}) => {
  await shipAsOwner(page.request, placed[1]!.id, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  await logIn(page);

  await page.goto('/orders');
  await hydrated(page, 'OrdersPage');
  const second = card(page, placed[1]!.number);
  await expect(group(page, 'shipped').locator(second)).toBeVisible();
  await expect(second.getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await expect(second.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await second.getByRole('button', { name: 'Report an Issue' }).click();
  await second.getByRole('button', { name: 'Send' }).click();
  await expect(second.getByText(HISTORY_MESSAGES.messageRequired)).toBeVisible();
  await second.getByLabel('Message').fill('The bottle arrived cracked.');
  await second.getByRole('button', { name: 'Send' }).click();
  await expect(second.getByText(HISTORY_MESSAGES.messageSent)).toBeVisible();
  await expect(second.getByText(HISTORY_MESSAGES.issueReceived)).toBeVisible();
});

test('thumbs change the count once, a second press withdraws it; guests get a log-in link', async ({
  page,
}) => {
  await page.goto(`/productdetailpage/${oil}`);
  await hydrated(page, 'ProductRating');
  await expect(page.getByRole('link', { name: RATING_TEXT.logIn })).toBeVisible();
  await expect(page.getByRole('button', { name: /thumbs up/ })).toHaveCount(0);

  await logIn(page);
  await page.goto(`/productdetailpage/${oil}`);
  await hydrated(page, 'ProductRating');
  const up = page.getByRole('button', { name: /thumbs up/ });
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  const count = Number(await page.getByTestId('thumbs-up').textContent());
  await up.click();
  await expect(page.getByTestId('thumbs-up')).toHaveText(String(count + 1));
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await hydrated(page, 'ProductRating');
  await expect(page.getByRole('button', { name: /thumbs up/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('thumbs-up')).toHaveText(String(count + 1));
  await page.getByRole('button', { name: /thumbs up/ }).click();
  await expect(page.getByTestId('thumbs-up')).toHaveText(String(count));
});

test('no thumbs on a digital product', async ({ page }) => {
  await logIn(page);
  await page.goto(`/productdetailpage/${photo}`);
  await hydrated(page, 'ProductDetail');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /thumbs/ })).toHaveCount(0);
  await expect(page.getByText(/thumbs up/)).toHaveCount(0);
});
