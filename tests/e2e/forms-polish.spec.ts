import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { FORGOT_TEXT, LOGIN_TEXT, VERIFY_EMAIL_TEXT } from '../../src/islands/account/messages';
import { CONTACT_TEXT } from '../../core/site-messages';
import { acceptCookies, hydrated, ownAddress } from './support/account';
import { watchConsole } from './support/console';
import { beforeScripts } from './support/early';
import { seedCart } from './support/orders';

/**
 * Issue 13 points 5, 6, 9 and 10 in Chromium: the checkout's order summary on a desktop and a
 * phone, the card form's checks, the cart's limits and undo, and forms that keep what a shopper
 * typed (and sent) before their scripts arrived.
 */

// Chromium and the built server share two cores with other work: give each test room.
test.slow();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const mug = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 2,
  supplier: 'warehouse',
  category: 'home',
  stock: 40,
};

async function fillShipping(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill("O'Brien");
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Address Line 1').fill('123 Main St.');
  await page.getByLabel('Address Line 2').fill('Apt #4');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').selectOption('WA');
  await page.getByLabel('ZIP Code').fill('98101');
}

const summaryOf = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

test.describe('the order summary', () => {
  test('sits beside the shipping form at 1366×900 and adds the tax once the state is known', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await acceptCookies(page);
    await seedCart(page, [mug]);
    await page.goto('/shipping');
    const summary = summaryOf(page);
    const form = page.locator('form.checkout-form');
    await expect(summary.getByText('Subtotal')).toBeVisible();
    await expect(summary.locator('.totals')).toContainText('$38.00');
    await expect(summary).toContainText('Calculated from your shipping address');

    const [side, main] = [await summary.boundingBox(), await form.boundingBox()];
    expect(side!.x).toBeGreaterThanOrEqual(main!.x + main!.width);
    expect(side!.y).toBeLessThan(main!.y + main!.height);
    expect(side!.y + side!.height).toBeGreaterThan(main!.y);

    await fillShipping(page);
    await expect(summary.getByText(/^Sales tax \(\d/)).toBeVisible();
    await expect(summary.locator('.total')).toContainText('Total');
    await expect(summary).not.toContainText('Calculated from your shipping address');

    // The primary action comes first in tab order: from the ZIP code straight to Continue.
    await page.getByLabel('ZIP Code').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeFocused();
  });

  test('is folded above the form at 390×844, and the step bar stays on one line', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await acceptCookies(page);
    await seedCart(page, [mug]);
    await page.goto('/shipping');
    const toggle = page.getByRole('button', { name: /Show order summary \(2 items\)/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('$38.00');
    const summary = summaryOf(page);
    await expect(summary.getByText('Subtotal')).toBeHidden();
    const [side, main] = [
      await summary.boundingBox(),
      await page.locator('form.checkout-form').boundingBox(),
    ];
    expect(side!.y + side!.height).toBeLessThanOrEqual(main!.y);

    await toggle.click();
    await expect(page.getByRole('button', { name: /Hide order summary/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(summary.getByText('Subtotal')).toBeVisible();

    const steps = page.getByRole('navigation', { name: 'Checkout steps' }).locator('li');
    const tops = await steps.evaluateAll((items) =>
      items.map((item) => ({
        top: Math.round(item.getBoundingClientRect().top),
        cut: item.scrollWidth > item.clientWidth,
        lines: Math.round(item.getBoundingClientRect().height / 16),
      })),
    );
    expect(new Set(tops.map((step) => step.top)).size).toBe(1);
    expect(tops.every((step) => !step.cut)).toBe(true);
  });
});

test('the card form formats the expiry, marks every bad field at once, clear of the header', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await acceptCookies(page);
  await seedCart(page, [mug]);
  let tokenRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/payments/sandbox/tokens') tokenRequests += 1;
  });
  await page.goto('/shipping');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/billing$/);

  const number = page.getByLabel('Card number');
  const expiry = page.getByLabel('Expiry (MM/YY)');
  const cvc = page.getByLabel('Security code');
  // The number's placeholder never looks like a number already typed.
  expect(await number.getAttribute('placeholder')).toBeNull();

  await expiry.pressSequentially('1229');
  await expect(expiry).toHaveValue('12/29');

  await number.fill('4242');
  await expiry.fill('');
  await expiry.pressSequentially('1329');
  await expect(expiry).toHaveValue('13/29');
  await cvc.fill('1');
  await page.getByRole('button', { name: 'Continue to review' }).click();

  for (const field of [number, expiry, cvc]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.locator('#card-expiry-error')).toHaveText(PAYMENT_MESSAGES.expiryMonth);
  await expect(page.locator('#card-number-error')).toHaveText(PAYMENT_MESSAGES.cardNumber);
  await expect(page.locator('#card-cvc-error')).toHaveText(PAYMENT_MESSAGES.cvc);
  expect(tokenRequests).toBe(0);

  // The first bad field has focus and is not under the sticky header.
  await expect(number).toBeFocused();
  const header = await page.locator('header').first().boundingBox();
  const field = await number.boundingBox();
  expect(field!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test.describe('the cart', () => {
  test("disables '+' at a line's maximum and says why", async ({ page }) => {
    await acceptCookies(page);
    await seedCart(page, [{ ...mug, quantity: 6 }]);
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line.getByRole('button', { name: /^One more/ })).toBeDisabled();
    await expect(line.getByTestId('line-max')).toHaveText('6 is the most one order can hold.');
    await line.getByRole('button', { name: /^One fewer/ }).click();
    await expect(line.getByRole('button', { name: /^One more/ })).toBeEnabled();
    await expect(line.getByTestId('line-max')).toHaveCount(0);
  });

  test("'Clear cart' offers Undo, which brings every line back", async ({ page }) => {
    await acceptCookies(page);
    await seedCart(page, [mug]);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByText('Your cart was cleared.')).toBeVisible();
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    await undo.click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByLabel('Quantity of Campfire Enamel Mug')).toHaveValue('2');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!).length)).toBe(1);
  });
});

interface EarlyForm {
  path: string;
  island: string;
  submit: string;
  api: string;
  fill(page: Page): Promise<void>;
  expectKept(page: Page): Promise<void>;
  sent: Record<string, unknown>;
  /** What the shopper sees once the real API has answered the held submit. */
  expectAnswered(page: Page): Promise<void>;
}

const FORMS: EarlyForm[] = [
  {
    path: '/contactus',
    island: 'ContactForm',
    submit: 'Send message',
    api: '**/api/contact/contact',
    async fill(page) {
      await page.getByLabel('Email').fill('fern@example.com');
      await page.getByLabel('Subject').selectOption('Other');
      await page.getByLabel('Message').fill('Typed before the page was ready.');
      await page.getByLabel('Order number').fill('EG-1');
    },
    async expectKept(page) {
      await expect(page.getByLabel('Email')).toHaveValue('fern@example.com');
      await expect(page.getByLabel('Subject')).toHaveValue('Other');
      await expect(page.getByLabel('Message')).toHaveValue('Typed before the page was ready.');
      await expect(page.getByLabel('Order number')).toHaveValue('EG-1');
    },
    sent: {
      email: 'fern@example.com',
      subject: 'Other',
      message: 'Typed before the page was ready.',
      orderNumber: 'EG-1',
    },
    async expectAnswered(page) {
      await expect(page.getByRole('status')).toHaveText(CONTACT_TEXT.success);
    },
  },
  {
    path: '/login',
    island: 'LoginForm',
    submit: 'Login',
    api: '**/api/auth/login',
    async fill(page) {
      await page.getByLabel('Email').fill('early@example.com');
      await page.getByLabel('Password').fill('correct horse battery');
    },
    async expectKept(page) {
      await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
      await expect(page.getByLabel('Password')).toHaveValue('correct horse battery');
    },
    sent: { username: 'early@example.com', password: 'correct horse battery' },
    async expectAnswered(page) {
      // No such account: the form stays, with what was typed.
      await expect(page.getByRole('alert')).toHaveText(LOGIN_TEXT.invalid);
      await this.expectKept(page);
    },
  },
  {
    path: '/register',
    island: 'RegisterForm',
    submit: 'Register',
    api: '**/api/auth/register',
    async fill(page) {
      await page.getByLabel('Email').fill('early-register@example.com');
      await page.getByLabel('First name').fill('Zoë');
      await page.getByLabel('Last name').fill("O'Brien");
      await page.getByLabel('Password', { exact: true }).fill('a long new password 42');
      await page.getByLabel('Confirm password').fill('a long new password 42');
      await page.getByRole('checkbox').check();
    },
    async expectKept(page) {
      await expect(page.getByLabel('Email')).toHaveValue('early-register@example.com');
      await expect(page.getByLabel('First name')).toHaveValue('Zoë');
      await expect(page.getByLabel('Last name')).toHaveValue("O'Brien");
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue(
        'a long new password 42',
      );
      await expect(page.getByRole('checkbox')).toBeChecked();
    },
    sent: { username: 'early-register@example.com', firstname: 'Zoë', lastname: "O'Brien" },
    async expectAnswered(page) {
      await expect(page.getByRole('heading', { name: VERIFY_EMAIL_TEXT.title })).toBeVisible();
    },
  },
  {
    path: '/forgotpassword',
    island: 'ForgotPasswordForm',
    submit: 'Send Reset Link',
    api: '**/api/auth/forgot-password',
    async fill(page) {
      await page.getByLabel('Email').fill('early-forgot@example.com');
    },
    async expectKept(page) {
      await expect(page.getByLabel('Email')).toHaveValue('early-forgot@example.com');
    },
    sent: { email: 'early-forgot@example.com' },
    async expectAnswered(page) {
      await expect(page.getByRole('status')).toHaveText(FORGOT_TEXT.sent);
    },
  },
];

test.describe('what is typed before the page is ready is kept', () => {
  for (const form of FORMS) {
    test(`${form.path}: filled while the scripts are held back, the values stay`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      const problems = watchConsole(page);
      await acceptCookies(page);
      await beforeScripts(page, form.path, () => form.fill(page));
      await hydrated(page, form.island);
      await form.expectKept(page);
      expect(problems).toEqual([]);
    });

    test(`${form.path}: a submit pressed before the scripts arrive is sent with every value`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await acceptCookies(page);
      // A shopper of its own, so the API's limits per network address are this test's alone.
      await page.setExtraHTTPHeaders(ownAddress());
      const sent = page.waitForRequest(form.api);
      await beforeScripts(page, form.path, async () => {
        await form.fill(page);
        await page.getByRole('button', { name: form.submit, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${form.path}$`));
      });
      await hydrated(page, form.island);
      expect((await sent).postDataJSON()).toMatchObject(form.sent);
      await form.expectAnswered(page);
    });
  }
});
