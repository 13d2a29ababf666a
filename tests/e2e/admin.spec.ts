import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seedProductId } from '../../api/db/seed';
import { formatCents } from '../../core/money';
import { LOGIN_TEXT, RESET_TEXT } from '../../src/islands/account/messages';
import { listingHref } from '../../src/lib/navigation';
import { parseEml, partOfType } from '../helpers/eml';
import { freePort } from '../helpers/free-port';
import { acceptCookies, hydrated } from './support/account';
import { placeGuestOrder, type OrderLine } from './support/orders';

/*
 * The owner's first steps on a shop of its own (issue 14): `npm run admin:create` on a fresh data
 * folder before the first start (it migrates the empty database), the shop started on it, the
 * printed set-password link, login, and shipping an order with a tracking number. The command run
 * again while that shop holds its embedded database says so plainly. This file runs its own server
 * so it can create the admin before the start; its steps run in order.
 */
test.describe.configure({ mode: 'serial' });

const email = `owner.${Date.now()}@example.com`;
const password = 'juniper harbor lantern';
const enamel = seedProductId('campfire-enamel-mug');
const BOARD = {
  _id: seedProductId('alder-cutting-board'),
  title: 'Red Alder Cutting Board',
  sku: 'EG-BOARD-ALDER',
  price: 58,
};
const buildDir = process.env.BUILD_DIR ?? 'dist';

let server: ChildProcess | undefined;
let base = '';
let env: NodeJS.ProcessEnv = {};
let setPasswordPath = '';
let orderId = '';
let orderNumber = 0;

function adminCreate() {
  return spawnSync('npx', ['tsx', 'scripts/admin-create.ts', '--email', email], {
    env,
    encoding: 'utf8',
    // Migrating a fresh embedded database takes a while on a busy machine.
    timeout: 180_000,
  });
}

test.beforeAll(async () => {
  test.setTimeout(420_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_SITE_URL: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-admin-e2e-')),
    DATABASE_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  };
  const created = adminCreate();
  expect(created.status, created.stderr).toBe(0);
  expect(created.stdout).toContain(`Created the admin account ${email}`);
  const link = created.stdout.match(/https?:\/\/\S+\/resetpassword\?\S+/)?.[0];
  expect(link, created.stdout).toBeTruthy();
  expect(link!.startsWith(`${base}/resetpassword?`)).toBe(true);
  setPasswordPath = link!.slice(base.length);

  server = spawn('node', [`${buildDir}/serve.mjs`], { env, stdio: 'ignore' });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 180_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test.beforeEach(async ({ page }) => acceptCookies(page));

/** A guest order of one item (the enamel mug unless said), placed through the API. */
function placeOrder(
  request: APIRequestContext,
  line = { _id: enamel, title: 'Campfire Enamel Mug', sku: 'EG-MUG-ENAMEL', price: 19 },
  contact = { firstname: 'Wren', lastname: 'Alder', email: 'wren.alder@example.com' },
) {
  return placeGuestOrder(request, [{ ...line, quantity: 1 }], contact, base);
}

async function logIn(page: Page) {
  await page.goto(`${base}/login?next=/admin`);
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
  await expect(page).toHaveURL(`${base}/admin`);
}

test('admin:create refuses plainly while the running shop holds its embedded database', () => {
  const again = adminCreate();
  expect(again.status).toBe(1);
  // One sentence naming the running shop (issue 36 row 2: one owner per data folder).
  expect(again.stderr).toMatch(/The shop is already running on .+ \(pid \d+(, port \d+)?\)/);
  expect(again.stderr).toContain('stop it first');
});

test('the set-password link, then login, opens the back office', async ({ page }) => {
  await page.goto(`${base}${setPasswordPath}`);
  await hydrated(page, 'ResetPasswordForm');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: RESET_TEXT.submit }).click();
  await expect(page.getByText(RESET_TEXT.success)).toBeVisible();
  await logIn(page);
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
  await expect(page.getByText('orders to ship')).toBeVisible();
  await expect(page.locator('svg[role="img"]')).toBeVisible();
});

test('the owner ships an order with a tracking number; the customer is emailed it', async ({
  page,
  request,
}) => {
  ({ id: orderId, number: orderNumber } = await placeOrder(request));
  await logIn(page);
  await page.goto(`${base}/admin/orders`);
  await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
  await expect(page).toHaveURL(`${base}/admin/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Unfulfilled');
  await page.getByLabel('Carrier').selectOption('UPS');
  await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await page.getByRole('button', { name: 'Mark shipped', exact: true }).click();
  // A named step with a confirm, like the checkout's: nothing is sent until "Yes".
  const confirmShip = page.getByRole('button', { name: 'Yes, mark shipped' });
  await expect(confirmShip).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirmShip).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toHaveText('Unfulfilled');
  await page.getByRole('button', { name: 'Mark shipped', exact: true }).click();
  await expect(confirmShip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Marked shipped' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await expect(page.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await expect(page.getByText(`Order ${orderNumber} has shipped`)).toBeVisible({ timeout: 15_000 });

  // The shipped email went out through the outbox with the tracking link.
  const folder = join(env.DATA_DIR!, 'mail');
  await expect
    .poll(
      () =>
        readdirSync(folder)
          .map((name) => readFileSync(join(folder, name), 'utf8'))
          .some((eml) => eml.includes(`Order ${orderNumber} has shipped`)),
      { timeout: 15_000 },
    )
    .toBe(true);
});

test('the orders list and inbox show the order; set stock; the menu shows the owner an Admin item', async ({
  page,
}) => {
  await logIn(page);
  await page.goto(`${base}/admin/orders?status=all`);
  await expect(page.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();
  await page.goto(`${base}/admin/inbox`);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(
    page.getByText(/inbox is empty|Message from|Issue report|Return request/).first(),
  ).toBeVisible();
  await page.goto(`${base}/admin/products`);
  await page.getByLabel('In stock: Campfire Enamel Mug', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Save quantities' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 quantity.' })).toBeVisible();
  // The header menu has an Admin item for the owner.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
});

/** The .eml files the shop's mail worker wrote, as text. */
function mailTexts(): string[] {
  const folder = join(env.DATA_DIR!, 'mail');
  try {
    return readdirSync(folder).map((name) => readFileSync(join(folder, name), 'utf8'));
  } catch {
    return [];
  }
}

/** A bearer token for `who`, signed in through the API. */
async function apiToken(request: APIRequestContext, who: string, secret: string) {
  const answer = await request.post(`${base}/api/auth/login`, {
    data: { username: who, password: secret },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * A verified customer (registered and verified through the emailed link, as a real shopper) with
 * a delivered order of `lines` and a return started for it; answers the order and the owner's
 * API headers.
 */
async function returnStartedFor(request: APIRequestContext, lines: OrderLine[]) {
  const customer = `returner.${Date.now()}@example.com`;
  const customerPassword = 'granite osprey meadow';
  const registered = await request.post(`${base}/api/auth/register`, {
    data: {
      username: customer,
      password: customerPassword,
      firstname: 'Rowan',
      lastname: 'Birch',
      acceptedPolicy: true,
    },
  });
  expect(registered.status()).toBe(201);
  let verify = '';
  await expect
    .poll(
      () => {
        const mail = mailTexts()
          .map((eml) => parseEml(eml))
          .find((message) => message.headers.some((h) => /^to:/i.test(h) && h.includes(customer)));
        const text = mail ? (partOfType(mail, 'text/plain')?.content ?? '') : '';
        verify = /https?:\/\/[^\s"<>]+\/verifyemail\?[^\s"<>\]]+/.exec(text)?.[0] ?? '';
        return verify;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const query = new URL(verify).searchParams;
  const verified = await request.get(
    `${base}/api/auth/verify-email?token=${encodeURIComponent(query.get('token')!)}&email=${encodeURIComponent(query.get('email')!)}`,
  );
  expect(verified.status()).toBe(200);
  const order = await placeGuestOrder(
    request,
    lines,
    { firstname: 'Rowan', lastname: 'Birch', email: customer },
    base,
  );
  const owner = { authorization: `Bearer ${await apiToken(request, email, password)}` };
  expect(
    (
      await request.post(`${base}/api/admin/orders/${order.id}/ship`, {
        headers: owner,
        data: { carrier: 'USPS', trackingNumber: '9400111899223100001234' },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`${base}/api/admin/orders/${order.id}/deliver`, {
        headers: owner,
        data: {},
      })
    ).status(),
  ).toBe(200);
  const started = await request.post(`${base}/api/orders/return`, {
    headers: { authorization: `Bearer ${await apiToken(request, customer, customerPassword)}` },
    data: { id: order.id, message: 'The board is smaller than I expected.' },
  });
  expect(started.status(), await started.text()).toBe(201);
  return { order, owner, customer };
}

test('a customer return request is approved (the customer is emailed the instructions), then received with its unit back on sale', async ({
  page,
  request,
}) => {
  // A verified customer with a delivered $58 cutting board (returnable), as a real shopper.
  const { order: board, owner } = await returnStartedFor(request, [{ ...BOARD, quantity: 1 }]);
  await logIn(page);
  await page.goto(`${base}/admin/inbox`);
  await page.getByRole('button', { name: `Handle the return for order ${board.number}` }).click();
  await expect(page.getByTestId('return-status')).toHaveText('Requested');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const yes = page.getByRole('button', { name: 'Yes, approve' });
  await expect(yes).toBeFocused();
  await yes.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();
  await expect(page.getByTestId('return-status')).toHaveText('Approved');
  await expect
    .poll(
      () =>
        mailTexts().some((eml) => eml.includes(`Return instructions for order ${board.number}`)),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

  // Received (issue 25 point 4): its one unit goes back on sale, and the shop shows it at once.
  const setStock = await request.post(`${base}/api/admin/products/stock`, {
    headers: owner,
    data: { sku: 'EG-BOARD-ALDER', quantity: 2 },
  });
  expect(setStock.status()).toBe(200);
  await expect(page.getByLabel('Units of Red Alder Cutting Board back on sale')).toHaveValue('1');
  await page.getByRole('button', { name: 'Mark received' }).click();
  await expect(
    page.getByRole('group', { name: /Back on sale: 1 × Red Alder Cutting Board\./ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes, mark received' }).click();
  await expect(page.getByTestId('return-status')).toHaveText('Received');
  const boardId = seedProductId('alder-cutting-board');
  const found = (await (await request.get(`${base}/api/product/search?q=Red%20Alder`)).json()) as {
    products: { _id: string; quantity: number }[];
  };
  expect(found.products.find((product) => product._id === boardId)?.quantity).toBe(3);
  await page.goto(`${base}/productdetailpage/${boardId}`);
  await expect(page.getByText('Only 3 left')).toBeVisible();
  await page.goto(`${base}/admin/orders/${board.id}`);
  await expect(page.getByText(/Restocked 1 × Red Alder Cutting Board/)).toBeVisible();
});

test('the owner cancels an order with a reason; the customer is emailed that the shop canceled it and why', async ({
  page,
  request,
}) => {
  const customer = `ivy.moss.${Date.now()}@example.com`;
  const order = await placeOrder(request, undefined, {
    firstname: 'Ivy',
    lastname: 'Moss',
    email: customer,
  });
  await logIn(page);
  await page.goto(`${base}/admin/orders/${order.id}`);
  await page.getByRole('button', { name: 'Cancel and refund' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose why the order is canceled.');
  await page.getByRole('radio', { name: 'Cannot ship to the address' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const yes = page.getByRole('button', { name: 'Yes, cancel and refund' });
  await expect(yes).toBeFocused();
  await yes.press('Enter');
  await expect(page.getByTestId('order-status')).toHaveText('Canceled');
  await expect(page.getByText(/\(reason: Cannot ship to the address\)/)).toBeVisible();
  await expect
    .poll(
      () =>
        mailTexts()
          .map((eml) => parseEml(eml))
          .filter((mail) => mail.headers.some((h) => /^to:/i.test(h) && h.includes(customer)))
          .map((mail) => partOfType(mail, 'text/plain')?.content ?? '')
          .some((text) =>
            text.includes(
              `canceled your order ${order.number} because we cannot ship to the address you gave.`,
            ),
          ),
      { timeout: 15_000 },
    )
    .toBe(true);
});

/** "$1,234.50" as cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

test('the owner refunds part of a returned order; the order shows paid, the refund, net and "partially refunded"', async ({
  page,
  request,
}) => {
  const { order, owner, customer } = await returnStartedFor(request, [
    { ...BOARD, quantity: 1 },
    { _id: enamel, title: 'Campfire Enamel Mug', sku: 'EG-MUG-ENAMEL', price: 19, quantity: 1 },
  ]);
  const [returned] = (
    (await (await request.get(`${base}/api/admin/inbox`, { headers: owner })).json()) as {
      items: { kind: string; id: string; orderId: string | null }[];
    }
  ).items.filter((item) => item.kind === 'return' && item.orderId === order.id);
  for (const step of ['approve', 'receive']) {
    const moved = await request.post(`${base}/api/admin/returns/${returned!.id}/${step}`, {
      headers: owner,
      data: {},
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  await logIn(page);
  await page.goto(`${base}/admin/inbox`);
  await page.getByRole('button', { name: `Handle the return for order ${order.number}` }).click();
  await expect(page.getByTestId('return-status')).toHaveText('Received');
  await page.getByLabel('Units of Red Alder Cutting Board to refund').fill('1');
  const refundButton = page.getByRole('button', { name: /^Refund \$/ });
  const refundCents = centsOf((await refundButton.textContent()) ?? '');
  // The board's price and its line's own tax (issue 35 point 6), as the return's lookup reads them.
  const { lines } = (await (
    await request.get(`${base}/api/admin/returns/${returned!.id}`, { headers: owner })
  ).json()) as { lines: { sku: string; unitPriceCents: number; taxCents: number }[] };
  const board = lines.find((line) => line.sku === BOARD.sku)!;
  expect(board.taxCents).toBeGreaterThan(0);
  expect(refundCents).toBe(board.unitPriceCents + board.taxCents);
  await refundButton.click();
  await page.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(page.getByTestId('return-status')).toHaveText('Refunded');

  await page.goto(`${base}/admin/orders/${order.id}`);
  await expect(page.getByTestId('payment-state')).toHaveText('partially refunded');
  const paidCents = centsOf((await page.getByTestId('money-paid').textContent()) ?? '');
  expect(paidCents).toBeGreaterThan(refundCents);
  await expect(page.getByTestId('money-refunded')).toHaveText(formatCents(refundCents));
  await expect(page.getByTestId('money-net')).toHaveText(formatCents(paidCents - refundCents));
  const refunds = page.getByTestId('refunds').getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText(
    `${formatCents(refundCents)} for 1 × Red Alder Cutting Board, reference sbx_re_`,
  );

  await page.goto(`${base}/admin/orders?status=all&q=${encodeURIComponent(customer)}`);
  const row = page.getByRole('row').filter({ hasText: `Order ${order.number}` });
  await expect(row.getByTestId('order-net')).toHaveText(formatCents(paidCents - refundCents));
});

test('the owner adds a product with an uploaded image; search and its page show it', async ({
  page,
}) => {
  test.setTimeout(90_000); // an upload turned into six WebP widths
  const title = `Juniper Trail Lantern ${Date.now().toString(36)}`;
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 140, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  await logIn(page);
  await page.goto(`${base}/admin/products`);
  await page.getByRole('button', { name: 'Add a product' }).click();
  const form = page.getByRole('region', { name: 'Add a product' });
  await expect(form.getByRole('heading', { name: 'Add a product' })).toBeFocused();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A brass camp lantern with a juniper green shade.');
  await form.getByLabel('Price in dollars').fill('42.00');
  const listing = form.getByRole('group', { name: 'Category 1' });
  await listing.getByLabel('Category', { exact: true }).selectOption('Home');
  await listing.getByLabel('Subcategory', { exact: true }).selectOption('New subcategory…');
  await listing.getByLabel('New subcategory name').fill('Living Room');
  await form.getByLabel('In stock').fill('9');
  await form.getByLabel('Alt text').fill('A brass lantern with a green shade.');
  await form.getByLabel('Active: in the shop').check();
  await form
    .getByLabel(/^Images/)
    .setInputFiles({ name: 'lantern.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(form.getByRole('img', { name: 'Image 1' })).toBeVisible();
  // A file that is not an image is refused with a sentence.
  await form
    .getByLabel(/^Images/)
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await expect(form.getByRole('alert')).toContainText('This file is not an image we can read.');
  await form.getByRole('button', { name: 'Add the product' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${title}.` })).toBeVisible();

  await page.goto(`${base}/search?q=${encodeURIComponent('juniper trail lantern')}`);
  const card = page.getByRole('heading', { name: title });
  await expect(card).toBeVisible();
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const image = page.getByRole('main').locator('img[src*="/api/images"]').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('the owner edits a product listed "Under $30": the new price saves and shows on its page', async ({
  page,
}) => {
  await logIn(page);
  await page.goto(`${base}/admin/products`);
  await page.getByRole('button', { name: 'Edit Wool Mouse Trio' }).click();
  const form = page.getByRole('region', { name: 'Edit Wool Mouse Trio' });
  const price = form.getByLabel('Price in dollars');
  await expect(price).toHaveValue('15.00');
  // Its categories are picked from the catalogue's, "Under $30" among them.
  const gifts = form.getByRole('group', { name: 'Category 1' });
  await expect(gifts.getByLabel('Category', { exact: true })).toHaveValue('Gift Collection');
  await expect(gifts.getByLabel('Subcategory', { exact: true })).toHaveValue('Under $30');
  await price.fill('17.00');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved Wool Mouse Trio.' }),
  ).toBeVisible();

  await page.goto(`${base}/productdetailpage/${seedProductId('wool-mouse-trio')}`);
  await expect(page.getByTestId('price')).toHaveText('$17.00');
});

test('a new product is listed only in categories picked from the list or entered as new', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // an upload turned into six WebP widths
  const title = `Cedar Camp Lamp ${Date.now().toString(36)}`;
  const picture = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 90, g: 60, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  await logIn(page);
  await page.goto(`${base}/admin/products`);
  await page.getByRole('button', { name: 'Add a product' }).click();
  const form = page.getByRole('region', { name: 'Add a product' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Price in dollars').fill('36.00');
  await form.getByLabel('In stock').fill('4');
  await form.getByLabel('Alt text').fill('A cedar camp lamp.');
  await form.getByLabel('Active: in the shop').check();
  await form
    .getByLabel(/^Images/)
    .setInputFiles({ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(form.getByRole('img', { name: 'Image 1' })).toBeVisible();

  // There is nowhere to type a category: it is picked, and the form says so at the field.
  const first = form.getByRole('group', { name: 'Category 1' });
  const category = first.getByLabel('Category', { exact: true });
  await expect(first.getByRole('textbox')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add the product' }).click();
  await expect(category).toBeFocused();
  await expect(category).toHaveAccessibleDescription(
    'Choose a category, or "New category…" to add one.',
  );

  // "New category…" reveals a field checked by the catalogue's rule.
  await category.selectOption('New category…');
  const newCategory = first.getByLabel('New category name');
  await newCategory.fill('Camp <Lights>');
  await first.getByLabel('Subcategory', { exact: true }).selectOption('New subcategory…');
  await first.getByLabel('New subcategory name').fill('Lanterns & Lamps');
  await form.getByRole('button', { name: 'Add the product' }).click();
  await expect(newCategory).toBeFocused();
  await expect(newCategory).toHaveAccessibleDescription(/letters, digits, spaces, \$, &/);
  await newCategory.fill('Camp Lights');

  // A "new" name the catalogue already has, in another case, is the catalogue's own.
  await form.getByRole('button', { name: 'Add another category' }).click();
  const second = form.getByRole('group', { name: 'Category 2' });
  await second.getByLabel('Category', { exact: true }).selectOption('New category…');
  await second.getByLabel('New category name').fill('gift  collection');
  await second.getByLabel('New category name').press('Tab');
  await expect(second.getByLabel('Category', { exact: true })).toHaveValue('Gift Collection');
  await expect(second.getByLabel('New category name')).toHaveCount(0);

  await form.getByRole('button', { name: 'Add the product' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${title}.` })).toBeVisible();

  const owner = { authorization: `Bearer ${await apiToken(request, email, password)}` };
  const { categories } = (await (
    await request.get(`${base}/api/admin/categories`, { headers: owner })
  ).json()) as { categories: { name: string; subcategories: string[] }[] };
  expect(categories).toContainEqual({ name: 'Camp Lights', subcategories: ['Lanterns & Lamps'] });
  expect(categories.filter((entry) => /gift\s+collection/i.test(entry.name))).toHaveLength(1);

  await page.goto(
    `${base}${listingHref({ label: '', category: 'Camp Lights', subcategory: 'Lanterns & Lamps' })}`,
  );
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
