import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { HOME_TEXT, NOTICE_BARS } from '../../core/site-messages';
import { LOGIN_TEXT } from '../../src/islands/account/messages';
import { linkFromMail, ownAddress, seriousViolations } from './support/account';
import { CONTENT_ROUTES } from './support/routes';

/*
 * One axe pass per page type (issue 23 point 6): the content pages, home and 404; the shop's
 * listing, product, search and cart; a signed-in shopper's account pages. Elsewhere, only states
 * a spec already drives to: the sign-in pages with their checks showing (account-pages.spec.ts),
 * each checkout step with its errors (checkout.spec.ts), the owner's pages (admin.spec.ts, on a
 * server of its own), the download page's form (downloads.spec.ts), and on a phone the
 * add-to-cart confirmation and refused search filters (shopper-polish.spec.ts).
 */

async function hydrated(page: Page, component: string) {
  await expect(
    page.locator(`astro-island[component-url*="${component}"]`).first(),
  ).not.toHaveAttribute('ssr', /.*/);
}

test.describe('axe finds no serious or critical violation', () => {
  for (const route of [...CONTENT_ROUTES, { path: '/no-such-page' }]) {
    test(`on ${route.path}`, async ({ page }) => {
      await page.goto(route.path);
      await hydrated(page, 'Notices');
      // The cookie notice shows on a first visit, so it is checked on every page.
      await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
      if (route.path === '/') {
        await page
          .getByRole('heading', { name: HOME_TEXT.featuredProducts })
          .scrollIntoViewIfNeeded();
        await expect(page.getByTestId('product-card').first()).toBeVisible();
      }
      if (route.path === '/faq') {
        for (const summary of await page.locator('details summary').all()) {
          if (!(await summary.isVisible())) continue;
          await summary.click();
        }
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('with the menu open', async ({ page }) => {
    await page.goto('/faq');
    await hydrated(page, 'HeaderActions');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('with both notice bars showing', async ({ page }) => {
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto('/about-us');
    await page.clock.runFor(100);
    await hydrated(page, 'Notices');
    await page.clock.runFor(11_000);
    for (const bar of NOTICE_BARS) await expect(page.getByText(bar.text)).toBeVisible();
    await page.clock.resume(); // axe waits on timers of its own
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('with the contact form showing its errors', async ({ page }) => {
    await page.goto('/contactus');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    // The email is optional for a guest (DECISIONS "Contact email"), but one given must be valid.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('axe on the shop pages', () => {
  for (const [path, ready] of [
    ['/products/Yoga/', (page: Page) => page.getByTestId('product-card').first()],
    [
      `/productdetailpage/${seedProductId('campfire-enamel-mug')}`,
      (page: Page) => page.getByRole('button', { name: 'Add to cart' }),
    ],
    ['/search?q=mug', (page: Page) => page.getByTestId('result-count')],
  ] as const) {
    test(`on ${path}`, async ({ page }) => {
      // The listing's lower sections fade in as they scroll into view; axe measures contrast
      // mid-fade otherwise. Without motion they show at once, as they end up after the fade.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await hydrated(page, 'Notices');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('on /cart with a line', async ({ page }) => {
    await page.addInitScript((cart) => localStorage.setItem('cart', cart), JSON.stringify([MUG]));
    await page.goto('/cart');
    await expect(page.getByText(MUG.title).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

const MUG = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  quantity: 1,
  supplier: 'warehouse',
  category: 'home',
  stock: 40,
};

test.describe("axe on a signed-in shopper's pages", () => {
  const email = `axe.${Date.now()}@example.com`;
  const password = 'moss under cedar boughs';

  test.beforeAll(async ({ request }) => {
    const registered = await request.post('/api/auth/register', {
      headers: ownAddress(),
      data: {
        username: email,
        password,
        firstname: 'Ash',
        lastname: 'Rowan',
        acceptedPolicy: true,
      },
    });
    expect(registered.status()).toBe(201);
    const link = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
    expect((await request.get(`/api/auth/verify-email${link.search}`)).status()).toBe(200);
  });

  test('account, addresses, stored payments and orders', async ({ page }) => {
    await page.goto('/login');
    await hydrated(page, 'LoginForm');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
    await expect(page).not.toHaveURL(/\/login/);
    for (const [path, island, shown] of [
      ['/account', 'AccountSettings', 'Email'],
      ['/accountaddresses', 'AddressesPage', 'You have no saved addresses yet.'],
      ['/storedpayments', 'StoredPaymentsPage', 'You have no stored cards yet.'],
      ['/orders', 'OrdersPage', 'No confirmed orders found.'],
    ] as const) {
      await page.goto(path);
      await hydrated(page, island);
      await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
