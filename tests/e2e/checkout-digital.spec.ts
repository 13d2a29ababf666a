import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { LOGIN_TEXT } from '../../src/islands/account/messages';
import { HISTORY_MESSAGES } from '../../core/orders/history-model';
import { CHECKOUT_TEXT } from '../../src/islands/checkout/messages';
import {
  acceptCookies,
  browseFromOwnAddress,
  hydrated,
  linkFromMail,
  ownAddress,
} from './support/account';
import { beforeScripts } from './support/early';
import { ownerAuthorization } from './support/owner';
import { placeGuestOrder, seedCart } from './support/orders';

browseFromOwnAddress();

/*
 * Issue 24 points 3, 5, 7 and 8 (checkout) on a phone and a desktop: a cart of digital items only
 * never shows a shipping form and is never an order to ship; saved addresses are big radio cards
 * on both steps; a quantity past the limit says one thing; the state is a select; the card number
 * groups in fours; "Use another card" after a decline clears the declined card.
 */

const photo = {
  _id: seedProductId('olympic-sea-stacks-photo'),
  title: 'Olympic Coast Sea Stacks — Photo Download',
  sku: 'EG-DIGITAL-SEASTACKS',
  price: 15,
  quantity: 1,
  supplier: 'warehouse',
  category: 'digital',
  kind: 'digital',
};
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
const SEATTLE = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const PORTLAND = {
  line1: '1120 SW 5th Ave',
  line2: '',
  city: 'Portland',
  state: 'OR',
  zipcode: '97204',
};

async function fillAddress(page: Page, address: typeof SEATTLE) {
  await page.getByLabel('Address Line 1').fill(address.line1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').selectOption(address.state);
  await page.getByLabel('ZIP Code').fill(address.zipcode);
}

/** Types a card number key by key, as a shopper does, and answers what the field shows. */
async function typeCard(page: Page, digits: string) {
  const number = page.getByLabel('Card number');
  await number.fill('');
  await number.pressSequentially(digits);
  return number;
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.beforeEach(async ({ page }) => acceptCookies(page));

    test('a digital-only checkout never shows the shipping form and is never an order to ship', async ({
      page,
      request,
    }) => {
      const email = `digital.${viewport.name}.${Date.now()}@example.com`;
      await seedCart(page, [photo]);
      await page.goto('/cart');
      await expect(page.getByText('Digital items only: nothing is shipped.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
        'href',
        '/shipping',
      );

      // Not even before the step's script arrives (a slow phone): the address fields stay hidden.
      await beforeScripts(page, '/shipping', async () => {
        await expect(page.getByLabel('First name')).toBeVisible();
        await expect(page.getByLabel('Address Line 1')).toBeHidden();
        await expect(page.getByLabel('State')).toBeHidden();
      });
      await hydrated(page, 'ShippingStep');
      await expect(page.getByText(CHECKOUT_TEXT.nothingToShip)).toBeVisible();
      await expect(page.getByLabel('Address Line 1')).toHaveCount(0);
      await expect(page.getByLabel('State')).toHaveCount(0);
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect(page).toHaveURL(/\/billing$/);
      await hydrated(page, 'BillingStep');
      // The billing address, asked for outright; the page says the tax follows it.
      await expect(page.getByText(CHECKOUT_TEXT.billingTaxNote)).toBeVisible();
      await expect(page.getByLabel('Billing address same as shipping')).toHaveCount(0);
      await fillAddress(page, SEATTLE);
      const number = await typeCard(page, '4242424242424242');
      await expect(number).toHaveValue('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Continue to review' }).click();

      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('heading', { name: 'Shipping to' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Billing address' })).toBeVisible();
      await expect(page.getByText(CHECKOUT_TEXT.noShipping)).toBeVisible();
      // Washington's tax, from the billing address.
      await expect(page.locator('.totals')).toContainText('Sales tax');
      await expect(page.locator('.totals')).not.toContainText('$0.00');
      await page.getByLabel('I agree to the Return Policy').check();
      await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
      await expect(page).toHaveURL(/\/orderconfirmation$/);
      await expect(page.getByTestId('order-number')).toBeVisible();
      const order = (await page.evaluate(
        () => (history.state as { order?: unknown } | null)?.order,
      )) as { _id: string; shippingAddress: unknown; shippingStatus: string };
      expect(order.shippingAddress).toBeNull();
      expect(order.shippingStatus).toBe('delivered');

      // The back office's orders to ship do not list it; the delivered ones do.
      const headers = await ownerAuthorization(request);
      const listed = async (status: string) => {
        const answer = await request.get(`/api/admin/orders?status=${status}&q=${email}`, {
          headers,
        });
        expect(answer.status()).toBe(200);
        return ((await answer.json()) as { orders: { id: string }[] }).orders.map((o) => o.id);
      };
      expect(await listed('unfulfilled')).toEqual([]);
      expect(await listed('delivered')).toEqual([order._id]);
    });

    test('typing 10 as a quantity says only the limit that binds, in one line', async ({
      page,
    }) => {
      await page.goto(`/productdetailpage/${enamel._id}`);
      await hydrated(page, 'ProductDetail');
      await page.getByLabel('Quantity').fill('10');
      await expect(page.getByTestId('limit-message')).toHaveCount(1);
      await expect(page.getByTestId('limit-message')).toContainText(
        '6 is the most one order can hold.',
      );
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByTestId('limit-message')).toHaveCount(1);
      await expect(page.locator('.in-cart')).toHaveCount(0);

      // Where the stock binds (3 left), the stock is what it says.
      await page.goto(`/productdetailpage/${seedProductId('evergreen-crewneck')}`);
      await hydrated(page, 'ProductDetail');
      await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'XXL' }).check();
      await page.getByLabel('Quantity').fill('10');
      await expect(page.getByTestId('limit-message')).toHaveCount(1);
      await expect(page.getByTestId('limit-message')).toContainText('Only 3 left.');

      // In the cart, the same: one line, never "add 5 more" beside "6 is the most".
      await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify([enamel]));
      await page.goto('/cart');
      await hydrated(page, 'CartPage');
      const quantity = page.getByLabel('Quantity of Campfire Enamel Mug');
      await quantity.fill('10');
      await expect(quantity).toHaveValue('6');
      const line = page.getByTestId('cart-line');
      await expect(line.getByTestId('limit-message')).toHaveText(
        /^6 is the most one order can hold\. Need more\?/,
      );
      await expect(line.getByTestId('line-max')).toHaveCount(0);

      // A photo already in the cart is 'Already in your cart', never "add 0 more".
      await page.goto(`/productdetailpage/${photo._id}`);
      await hydrated(page, 'ProductDetail');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('status')).toContainText('Already in your cart');
      await expect(page.getByRole('status')).not.toContainText('0 more');
    });

    test('after a decline, "Use another card" clears the declined card', async ({ page }) => {
      await seedCart(page, [enamel]);
      await page.goto('/shipping');
      await hydrated(page, 'ShippingStep');
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Email').fill(`declined.${viewport.name}@example.com`);
      await fillAddress(page, SEATTLE);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/billing$/);
      await hydrated(page, 'BillingStep');
      await expect(await typeCard(page, '4000000000000002')).toHaveValue('4000 0000 0000 0002');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Continue to review' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await page.getByLabel('I agree to the Return Policy').check();
      await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
      await expect(page.getByRole('alert')).toContainText('Your card was declined.');
      await page.getByRole('link', { name: 'Use another card' }).click();

      await expect(page).toHaveURL(/\/billing$/);
      await hydrated(page, 'BillingStep');
      await expect(page.getByLabel('Card number')).toHaveValue('');
      await expect(page.getByText(/ending in 0002/)).toHaveCount(0);
      const stored = await page.evaluate(
        () => JSON.parse(localStorage.getItem('checkout')!).billingInfo as { last4Number: string },
      );
      expect(stored.last4Number).toBe('');
    });
  });
}

test.describe('signed in: saved addresses as radio cards, a digital order’s cancel', () => {
  test.describe.configure({ mode: 'serial' });
  const email = `cards.${Date.now()}@example.com`;
  const password = 'alder grove cards after rain';

  test.beforeAll(async ({ request }) => {
    const registered = await request.post('/api/auth/register', {
      headers: ownAddress(),
      data: {
        username: email,
        password,
        firstname: 'Wren',
        lastname: 'Alder',
        acceptedPolicy: true,
      },
    });
    expect(registered.status()).toBe(201);
    const link = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
    expect((await request.get(`/api/auth/verify-email${link.search}`)).status()).toBe(200);
    const login = await request.post('/api/auth/login', { data: { username: email, password } });
    const { token } = (await login.json()) as { token: string };
    for (const address of [SEATTLE, PORTLAND]) {
      const added = await request.post('/api/user/addAddress', {
        headers: { authorization: `Bearer ${token}` },
        data: address,
      });
      expect(added.status(), await added.text()).toBeLessThan(300);
    }
  });

  for (const viewport of VIEWPORTS) {
    test(`on a ${viewport.name}: full-width cards at least 44 px tall, name and address, keyboard`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await acceptCookies(page);
      await page.goto('/login');
      await hydrated(page, 'LoginForm');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
      await expect(page).not.toHaveURL(/\/login/);
      await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify([enamel]));

      await page.goto('/shipping');
      await hydrated(page, 'ShippingStep');
      const cards = page.locator('.address-card');
      await expect(cards).toHaveCount(3);
      // The width inside the group's border and padding.
      const inner = await page.locator('.saved-addresses').evaluate((group) => {
        const style = getComputedStyle(group);
        return group.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      });
      for (const card of await cards.all()) {
        const box = (await card.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        // Full width of its group.
        expect(box.width).toBeGreaterThan(inner - 2);
      }
      const seattle = page.getByRole('radio', { name: /Wren Alder.*400 Pine St/ });
      await expect(seattle).toBeChecked();
      await expect(cards.first()).toContainText('Wren Alder');
      await expect(cards.first()).toContainText('400 Pine St, Seattle, WA 98101');
      // The recipient and the address on two lines.
      const [nameBox, addressBox] = await Promise.all([
        cards.first().locator('.address-card-name').boundingBox(),
        cards.first().locator('.address-card-text > span').nth(1).boundingBox(),
      ]);
      expect(addressBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height - 1);

      // The keyboard: arrows move the choice; the last card shows the form.
      await seattle.focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: /1120 SW 5th Ave/ })).toBeChecked();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'Ship to another address' })).toBeChecked();
      await expect(page.getByLabel('Address Line 1')).toBeVisible();
      await page.getByRole('radio', { name: /400 Pine St/ }).check();
      await expect(page.getByLabel('Address Line 1')).toHaveCount(0);
      await page.getByRole('button', { name: 'Continue' }).click();

      // The billing step: the same cards once "same as shipping" is unticked.
      await expect(page).toHaveURL(/\/billing$/);
      await hydrated(page, 'BillingStep');
      await page.getByLabel('Billing address same as shipping').uncheck();
      const billingCards = page.locator('.address-card');
      await expect(billingCards).toHaveCount(3);
      for (const card of await billingCards.all()) {
        expect((await card.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await page.getByRole('radio', { name: /1120 SW 5th Ave/ }).check();
      await expect(page.getByRole('radio', { name: 'Use another address' })).not.toBeChecked();
    });
  }

  test('a delivered digital order says what its cancel does, and offers none once a file is downloaded', async ({
    page,
    request,
  }) => {
    // A photo bought as a guest with the account's email: the verified account lists it.
    const order = await placeGuestOrder(
      request,
      [photo],
      { firstname: 'Wren', lastname: 'Alder', email },
      '',
      {
        shipping: null,
        billing: PORTLAND,
      },
    );

    await acceptCookies(page);
    await page.goto('/login');
    await hydrated(page, 'LoginForm');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/orders');
    await hydrated(page, 'OrdersPage');
    const card = page.locator(`li[data-order="${order.number}"]`);
    await expect(page.locator('section[data-group="delivered"]').locator(card)).toBeVisible();
    await expect(card.getByText('Ship to')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription(
      HISTORY_MESSAGES.cancelDigital,
    );

    // One download, and the order can no longer be canceled: no button.
    const file = await request.get(new URL(order.downloads[0]!.url).pathname);
    expect(file.status()).toBe(200);
    await page.reload();
    await hydrated(page, 'OrdersPage');
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  });
});
