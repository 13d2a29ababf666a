import { expect, test, type Page, type Route } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { acceptCookies, hydrated, seriousViolations } from './support/account';
import { watchConsole } from './support/console';

/**
 * Issue 13 point 10 for the forms that used to wait for their script (shown only "Loading…"):
 * what a shopper types, and a submit pressed, before the island's script arrives are kept.
 */

// Chromium, the built server and axe share two cores with other work: give each test room.
test.slow();

const PHONE = { width: 390, height: 844 };

const mug = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
  supplier: 'warehouse',
  category: 'home',
  stock: 40,
};

async function seedCart(page: Page, lines: object[]) {
  await page.addInitScript((cart) => {
    if (sessionStorage.getItem('e2e-cart-seeded')) return;
    localStorage.setItem('cart', cart);
    sessionStorage.setItem('e2e-cart-seeded', '1');
  }, JSON.stringify(lines));
}

/** Holds every island script back until `release` is called, as a slow phone would. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Page errors, refused content and React's hydration complaints (minified or not). */
function watchProblems(page: Page): string[] {
  const problems = watchConsole(page);
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return problems;
}

const SHIPPING = {
  'First name': 'Ada',
  'Last name': "O'Brien",
  Email: 'ada-early@example.com',
  'Address Line 1': '77 Slow Phone Rd.',
  'Address Line 2': 'Unit 9',
  City: 'Spokane',
  State: 'WA',
  'ZIP Code': '99201',
};

async function fillShipping(page: Page) {
  for (const [label, value] of Object.entries(SHIPPING)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

test.describe('the shipping step', () => {
  test('is there to type into before its script arrives, and keeps every value', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const problems = watchProblems(page);
    await acceptCookies(page);
    await seedCart(page, [mug]);
    const release = await holdScripts(page);
    await page.goto('/shipping', { waitUntil: 'commit' });
    await fillShipping(page);
    await expect(page.locator('astro-island[component-url*="ShippingStep"]')).toHaveAttribute(
      'ssr',
      /.*/,
    );
    release();
    await hydrated(page, 'ShippingStep');
    // The summary counts the cart only once hydrated; wait for it so the island is settled.
    await expect(page.getByRole('button', { name: /order summary \(1 item\)/ })).toBeVisible();
    for (const [label, value] of Object.entries(SHIPPING)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    expect(problems).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a Continue pressed before the script arrives reaches billing with that address', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const problems = watchProblems(page);
    await acceptCookies(page);
    await seedCart(page, [mug]);
    const release = await holdScripts(page);
    await page.goto('/shipping', { waitUntil: 'commit' });
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // Held, not sent as a bare form to the page's own address.
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.locator('form.checkout-form')).toHaveAttribute('data-submit-queued', '');
    release();
    await expect(page).toHaveURL(/\/billing$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('checkout')!));
    expect(stored.guestContact).toEqual({
      firstname: 'Ada',
      lastname: "O'Brien",
      email: 'ada-early@example.com',
    });
    expect(stored.shippingAddress).toEqual({
      line1: '77 Slow Phone Rd.',
      line2: 'Unit 9',
      city: 'Spokane',
      state: 'WA',
      zipcode: '99201',
    });
    // The billing step's summary is taxed for that address.
    await page.getByRole('button', { name: /Show order summary/ }).click();
    await expect(
      page.getByRole('complementary', { name: 'Order summary' }).getByText(/^Sales tax \(\d/),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('untouched fields take what the checkout stored, after hydration and without a mismatch', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const problems = watchProblems(page);
    await acceptCookies(page);
    await seedCart(page, [mug]);
    await page.addInitScript(() => {
      localStorage.setItem(
        'checkout',
        JSON.stringify({
          guestContact: { firstname: 'Stored', lastname: 'Shopper', email: 'stored@example.com' },
          shippingAddress: {
            line1: '1 Stored St.',
            line2: '',
            city: 'Tacoma',
            state: 'WA',
            zipcode: '98402',
          },
        }),
      );
    });
    const release = await holdScripts(page);
    await page.goto('/shipping', { waitUntil: 'commit' });
    // Only the address is typed early: the contact comes from the store, the address stays.
    await page.getByLabel('Address Line 1', { exact: true }).fill('9 Typed Ave.');
    await page.getByLabel('City', { exact: true }).fill('Olympia');
    release();
    await hydrated(page, 'ShippingStep');
    await expect(page.getByLabel('First name')).toHaveValue('Stored');
    await expect(page.getByLabel('Email')).toHaveValue('stored@example.com');
    await expect(page.getByLabel('Address Line 1')).toHaveValue('9 Typed Ave.');
    await expect(page.getByLabel('City')).toHaveValue('Olympia');
    // A typed address is never mixed with the stored one.
    await expect(page.getByLabel('ZIP Code')).toHaveValue('');
    expect(problems).toEqual([]);
  });
});
