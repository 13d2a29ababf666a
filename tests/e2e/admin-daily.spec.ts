import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { RETURN_MESSAGES } from '../../core/admin/model';
import { REPLY_MESSAGES } from '../../core/admin/inbox-reply';
import { LOGIN_TEXT } from '../../src/islands/account/messages';
import { acceptCookies, hydrated, linkFromMail, mails, ownAddress } from './support/account';
import { placeGuestOrder } from './support/orders';
import { OWNER_EMAIL, OWNER_PASSWORD, ownerAuthorization, shipAsOwner } from './support/owner';

/*
 * Issue 25 points 6 and 7, as the owner uses the back office every day, on a laptop (1366×768)
 * and on a phone (390×844): replying to a contact message from the inbox (the email is read
 * from the mail files), history lines in words, destructive actions styled as such and set apart
 * from the primary action, tables as cards without sideways scrolling on the phone, and the
 * customer list with a customer's page. Each viewport runs its own steps, in order, on its own data.
 */

const MUG = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
};
// Returnable (over $30) and plentiful in the seeded catalogue.
const THROW = {
  _id: seedProductId('fern-fleece-throw'),
  title: 'Sword Fern Fleece Throw',
  sku: 'EG-THROW-FERN',
  price: 54,
};
const TRACKING = '1Z999AA10123456784';

async function ownerLogIn(page: Page, request: APIRequestContext) {
  await ownerAuthorization(request); // sets the owner's password on first use
  await page.goto('/login?next=/admin');
  await hydrated(page, 'LoginForm');
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}

/** The page fits the viewport: nothing scrolls sideways. */
async function fitsTheViewport(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Under 600 px each row of the table is a card: a block, its column headings off screen. */
async function rowsAreCards(table: Locator, phone: boolean) {
  const shape = await table.evaluate((element) => ({
    row: getComputedStyle(element.querySelector('tbody tr')!).display,
    headRight: element.querySelector('thead')!.getBoundingClientRect().right,
  }));
  if (phone) {
    expect(shape.row).toBe('block');
    expect(shape.headRight).toBeLessThanOrEqual(0);
  } else {
    expect(shape.row).toBe('table-row');
  }
}

/**
 * A destructive button is styled as one, the primary is not, and they are not side by side:
 * different containers, and at least 40 px apart.
 */
async function apart(destructive: Locator, primary: Locator) {
  await expect(destructive).toHaveClass(/danger/);
  await expect(primary).not.toHaveClass(/danger/);
  const sameParent = await destructive.evaluate(
    (element, other) => element.parentElement === other!.parentElement,
    await primary.elementHandle(),
  );
  expect(sameParent).toBe(false);
  const [a, b] = [await destructive.boundingBox(), await primary.boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeGreaterThanOrEqual(40);
}

for (const [label, viewport] of [
  ['laptop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`the back office every day, on a ${label}`, () => {
    test.describe.configure({ mode: 'serial' });
    test.use({ viewport });
    const phone = viewport.width < 600;
    const stamp = `${label}${Date.now().toString(36)}`;
    // Names take letters only: the stamp's digits as letters.
    const surname = `Quill${stamp.replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
    const writer = `writer.${stamp}@example.com`;
    const subject = `Gift wrap ${stamp}`;
    const customer = { email: `juniper.${stamp}@example.com`, password: 'madrona tidepool cedar' };
    let shipped = { id: '', number: 0 };
    let waiting = { id: '', number: 0 };
    let returned = { id: '', number: 0 };

    test.beforeEach(async ({ page }) => acceptCookies(page));

    test('the owner replies to a contact message from the inbox; the customer gets the email', async ({
      page,
      request,
    }) => {
      shipped = await placeGuestOrder(request, [{ ...MUG, quantity: 1 }], {
        firstname: 'Wren',
        lastname: 'Alder',
        email: writer,
      });
      const sent = await request.post('/api/contact/contact', {
        data: {
          email: writer,
          subject,
          message: 'Can you wrap my order as a gift?',
          orderNumber: String(shipped.number),
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      await ownerLogIn(page, request);
      await page.getByRole('navigation', { name: 'Back office' }).getByText('Inbox').click();
      const item = page.getByRole('listitem').filter({ hasText: subject });
      // The message names an order of the shop: the inbox links it.
      await expect(item.getByRole('link', { name: `order ${shipped.number}` })).toHaveAttribute(
        'href',
        `/admin/orders/${shipped.id}`,
      );
      await fitsTheViewport(page);

      await item.getByRole('button', { name: `Reply to ${subject}` }).click();
      const field = item.getByLabel(`Your reply (emailed to ${writer})`);
      await item.getByRole('button', { name: 'Send reply' }).click();
      // Refused at its field: the error is under the reply and names it.
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(REPLY_MESSAGES.message);
      const reply = `Of course: it goes out wrapped in kraft paper (${stamp}).`;
      await field.fill(reply);
      await item.getByRole('button', { name: 'Send reply' }).click();
      await item.getByRole('button', { name: 'Yes, send the reply' }).click();
      await expect(item.getByRole('status')).toHaveText(
        `Reply sent to ${writer}; it is kept on this thread.`,
      );
      await expect(item.getByRole('list', { name: 'Replies' })).toContainText(reply);
      await fitsTheViewport(page);

      // Mailed once through the outbox: the mail file is there, to the writer, quoting them.
      await expect
        .poll(
          () => mails().filter((mail) => mail.to.includes(writer) && mail.text.includes(reply)),
          {
            timeout: 15_000,
          },
        )
        .toHaveLength(1);
      const [mail] = mails().filter((m) => m.to.includes(writer) && m.text.includes(reply));
      expect(mail!.subject).toBe(`Re: ${subject}`);
      expect(mail!.text).toContain('> Can you wrap my order as a gift?');

      // Still on the thread after a reload.
      await page.reload();
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: subject })
          .getByRole('list', { name: 'Replies' }),
      ).toContainText(`Replied by ${OWNER_EMAIL}`);
    });

    test('an order reads in words; cancel and refund is destructive and apart from shipping', async ({
      page,
      request,
    }) => {
      await shipAsOwner(request, shipped.id, { carrier: 'UPS', trackingNumber: TRACKING });
      waiting = await placeGuestOrder(request, [{ ...MUG, quantity: 2 }], {
        firstname: 'Wren',
        lastname: 'Alder',
        email: writer,
      });
      await ownerLogIn(page, request);

      await page.goto(`/admin/orders/${shipped.id}`);
      await expect(page.getByTestId('order-status')).toHaveText('Shipped');
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: `Shipped with UPS ${TRACKING} by ${OWNER_EMAIL}` }),
      ).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /: Placed$/ })).toBeVisible();
      await rowsAreCards(page.locator('table').first(), phone);
      await fitsTheViewport(page);

      await page.goto(`/admin/orders/${waiting.id}`);
      await expect(page.getByTestId('order-status')).toHaveText('Unfulfilled');
      await apart(
        page.getByRole('button', { name: 'Cancel and refund' }),
        page.getByRole('button', { name: 'Mark shipped', exact: true }),
      );
      await page.getByRole('button', { name: 'Cancel and refund' }).click();
      await page.getByRole('radio', { name: 'Out of stock' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('button', { name: 'Yes, cancel and refund' })).toHaveClass(
        /danger/,
      );
      await fitsTheViewport(page);

      await page.goto('/admin/orders?status=all');
      await expect(page.getByText(/^\d+ orders?(, page 1)?$/)).toBeVisible();
      const row = page.locator('tbody tr').filter({ hasText: `Order ${shipped.number}` });
      await expect(row.locator('td[data-label="Status"]')).toHaveText('Shipped');
      await rowsAreCards(page.locator('table'), phone);
      await fitsTheViewport(page);
    });

    test('a return request: decline is destructive, apart from approve, its reason refused at the field', async ({
      page,
      request,
    }) => {
      // A verified customer's delivered throw, returned (as a shopper starts a return).
      const registered = await request.post('/api/auth/register', {
        headers: ownAddress(),
        data: {
          username: customer.email,
          password: customer.password,
          firstname: 'Juniper',
          lastname: surname,
          acceptedPolicy: true,
        },
      });
      expect(registered.status()).toBe(201);
      const verify = new URL(await linkFromMail(customer.email, '/verifyemail'), 'http://x');
      expect((await request.get(`/api/auth/verify-email${verify.search}`)).status()).toBe(200);
      returned = await placeGuestOrder(request, [{ ...THROW, quantity: 1 }], {
        firstname: 'Juniper',
        lastname: surname,
        email: customer.email,
      });
      await shipAsOwner(request, returned.id, { carrier: 'USPS', trackingNumber: '9400111202555' });
      const owner = await ownerAuthorization(request);
      const delivered = await request.post(`/api/admin/orders/${returned.id}/deliver`, {
        headers: owner,
        data: {},
      });
      expect(delivered.status()).toBe(200);
      const login = await request.post('/api/auth/login', {
        data: { username: customer.email, password: customer.password },
      });
      const { token } = (await login.json()) as { token: string };
      const started = await request.post('/api/orders/return', {
        headers: { authorization: `Bearer ${token}` },
        data: { id: returned.id, message: 'The green is darker than the photo.' },
      });
      expect(started.status(), await started.text()).toBe(201);

      await ownerLogIn(page, request);
      await page.goto('/admin/inbox');
      await page
        .getByRole('button', { name: `Handle the return for order ${returned.number}` })
        .click();
      await expect(page.getByTestId('return-status')).toHaveText('Requested');
      const decline = page.getByRole('button', { name: 'Decline', exact: true });
      await apart(decline, page.getByRole('button', { name: 'Approve', exact: true }));
      await decline.click();
      const reason = page.getByLabel('Reason to decline (emailed to the customer)');
      await expect(reason).toHaveAttribute('aria-invalid', 'true');
      await expect(reason).toHaveAccessibleDescription(RETURN_MESSAGES.reason);
      await reason.fill('It was used outdoors.');
      await expect(reason).not.toHaveAttribute('aria-invalid', 'true');
      await decline.click();
      await expect(page.getByRole('button', { name: 'Yes, decline' })).toHaveClass(/danger/);
      await page.getByRole('button', { name: 'Go back' }).click();
      await fitsTheViewport(page);
    });

    test('the customer list and a customer page', async ({ page, request }) => {
      await ownerLogIn(page, request);
      await page.getByRole('navigation', { name: 'Back office' }).getByText('Customers').click();
      await expect(page).toHaveURL(/\/admin\/customers$/);
      await page.getByLabel('Name or email').fill(`Juniper ${surname}`);
      await page.getByRole('button', { name: 'Find customers' }).click();
      await expect(page.getByText(/^1 customer$/)).toBeVisible();
      const row = page.locator('tbody tr').filter({ hasText: customer.email });
      await expect(row).toContainText('Verified');
      await expect(row).toContainText('1 order');
      // Paid: the throw with Seattle's sales tax; nothing refunded.
      const paid = (await (
        await request.get(`/api/admin/orders/${returned.id}`, {
          headers: await ownerAuthorization(request),
        })
      ).json()) as { money: { netCents: number } };
      const spent = `$${(paid.money.netCents / 100).toFixed(2)}`;
      await expect(row).toContainText(spent);
      await rowsAreCards(page.locator('table'), phone);
      await fitsTheViewport(page);

      await row.getByRole('link', { name: `Juniper ${surname}` }).click();
      await expect(page.getByRole('heading', { name: `Juniper ${surname}` })).toBeVisible();
      await expect(page.getByTestId('customer-verified')).toHaveText('Verified');
      await expect(page.getByTestId('customer-spent')).toHaveText(spent);
      await expect(page.getByRole('link', { name: `Order ${returned.number}` })).toHaveAttribute(
        'href',
        `/admin/orders/${returned.id}`,
      );
      await expect(page.getByText('No saved cards.')).toBeVisible();
      await rowsAreCards(page.locator('table'), phone);
      await fitsTheViewport(page);
    });
  });
}
