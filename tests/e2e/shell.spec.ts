import { expect, test, type Page } from '@playwright/test';
import { CATEGORY_NAV, listingHref } from '../../src/lib/navigation';
import { NOTICE_BARS, STORAGE_KEYS } from '../../core/site-messages';
import { acceptCookies, hydrated } from './support/account';
import { watchConsole } from './support/console';
import { specItems } from './support/menu';
import { CONTENT_ROUTES } from './support/routes';

const [pricesBar, shippingBar] = NOTICE_BARS;

test.describe('every page of the shell', () => {
  for (const route of CONTENT_ROUTES) {
    test(`${route.path} renders with the shell, its title and its sharing tags`, async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Evergreen' }),
      ).toHaveAttribute('href', '/');
      await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();

      await expect(page).toHaveTitle(/Evergreen/);
      const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
      const description = await meta('meta[name="description"]');
      expect(description).toMatch(/^.{20,}$/);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(route.path);
      // A share shows the page's own title and description: the tab's title less the shop's name.
      const ogTitle = await meta('meta[property="og:title"]');
      expect(ogTitle).toMatch(/\S/);
      expect(await page.title()).toBe(ogTitle === 'Evergreen' ? ogTitle : `${ogTitle} | Evergreen`);
      expect(await meta('meta[property="og:description"]')).toBe(description);
      expect(new URL((await meta('meta[property="og:url"]'))!).pathname).toBe(route.path);
      expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\//);
      await hydrated(page, 'HeaderActions', 'Notices');
      expect(problems).toEqual([]);
    });
  }
});

test('the category nav leads to the six listings of the spec', async ({ page }) => {
  await page.goto('/faq');
  const links = page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
  await expect(links).toHaveText([
    'Gift Collection',
    'Under $30',
    'Yoga',
    'Cat',
    'Artistic',
    'Kitchen',
  ]);
  for (const [index, link] of CATEGORY_NAV.entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', listingHref(link));
  }
});

test('the footer links to the content pages', async ({ page, request }) => {
  await page.goto('/faq');
  const footer = page.getByRole('contentinfo');
  // Spec §2's six links, then where each leads: a page that answers with its own heading.
  for (const [label, href, heading] of [
    ['About Us', '/about-us', 'About Us'],
    ['FAQ', '/faq', 'Frequently Asked Questions'],
    ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
    ['Terms of Use', '/terms-of-use', 'Terms of Use'],
    ['Return Policy', '/return-policy', 'Return Policy'],
    ['Contact Us', '/contactus', 'Contact Us'],
  ] as const) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      href,
    );
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(await response.text(), href).toMatch(new RegExp(`<h1[^>]*>\\s*${heading}\\s*</h1>`));
  }
});

test('the search box goes to /search?q= with the trimmed text, and Enter on blank does nothing', async ({
  page,
}) => {
  await acceptCookies(page);
  await page.goto('/faq');
  await hydrated(page, 'HeaderActions');
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(request.url());
  });
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('   ');
  await search.press('Enter');

  await search.fill('  cedar mug  ');
  await search.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search');
  expect(new URL(page.url()).searchParams.get('q')).toBe('cedar mug');
  expect(new URL(page.url()).search).toBe('?q=cedar%20mug');
  // The blank Enter went nowhere: one page was asked for, and Back leads straight to the FAQ.
  expect(navigations.map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
    '/search?q=cedar%20mug',
  ]);
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/faq');
});

test('the cart badge shows the total item count of the persisted cart', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/about-us');
  await hydrated(page, 'HeaderActions');
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          _id: 'a',
          title: 'Mug',
          sku: 'MUG-1',
          price: 24,
          quantity: 2,
          supplier: 'warehouse',
          category: 'home',
        },
        {
          _id: 'b',
          title: 'Print',
          sku: 'PRINT-1',
          price: 15,
          quantity: 3,
          supplier: 'warehouse',
          category: 'art',
        },
      ]),
    ),
  );
  await page.reload();
  await hydrated(page, 'HeaderActions');
  await expect(page.getByRole('link', { name: 'Cart, 5 items' })).toHaveAttribute('href', '/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('5');
});

test.describe('the full-screen menu', () => {
  test('opens, traps focus, closes on Escape and gives focus back', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/faq');
    await hydrated(page, 'HeaderActions');
    const button = page.getByRole('button', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(specItems(menu)).toHaveText(['Home', 'Cart', 'Login', 'Register']);

    // Tab and Shift+Tab never leave the menu.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole('button', { name: 'Close' }).click();
    await expect(menu).toBeHidden();
  });

  test('closes on navigation, also when the shopper comes back', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/faq');
    await hydrated(page, 'HeaderActions');
    await page.getByRole('button', { name: 'Menu' }).click();
    // The spec's Home, not the Home category of "Shop by category".
    await specItems(page.getByRole('dialog', { name: 'Menu' }))
      .filter({ hasText: /^Home$/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/faq');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('offers the account pages and Logout when logged in; Logout clears the session and goes home', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('logged-in-once')) return;
      sessionStorage.setItem('logged-in-once', '1');
      localStorage.setItem(
        'auth',
        JSON.stringify({
          isLoggedIn: true,
          user: {
            username: 'fern@example.com',
            firstname: 'Fern',
            lastname: 'Gully',
            verifiedemail: true,
          },
        }),
      );
      localStorage.setItem('JWT', 'token');
    });
    await page.goto('/about-us');
    await hydrated(page, 'HeaderActions');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // Spec §2's menu for a logged-in shopper.
    const expected = [
      ['Home', '/'],
      ['Cart', '/cart'],
      ['Account', '/account'],
      ['Addresses', '/accountaddresses'],
      ['Stored Payments', '/storedpayments'],
      ['Orders', '/orders'],
    ];
    await expect(specItems(menu)).toHaveText(expected.map(([label]) => label!));
    for (const [label, href] of expected) {
      await expect(specItems(menu).filter({ hasText: new RegExp(`^${label}$`) })).toHaveAttribute(
        'href',
        href!,
      );
    }
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(
      await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('JWT')]),
    ).toEqual([JSON.stringify({ isLoggedIn: false, user: null }), null]);
    await hydrated(page, 'HeaderActions');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(specItems(page.getByRole('dialog', { name: 'Menu' }))).toHaveText([
      'Home',
      'Cart',
      'Login',
      'Register',
    ]);
  });
});

test('every link the menu offers leads to a real page, logged in or out', async ({
  page,
  request,
}) => {
  // From the menu as a shopper sees it, not from the list it is built from.
  await acceptCookies(page);
  await page.goto('/faq');
  await hydrated(page, 'HeaderActions');
  await page.getByRole('button', { name: 'Menu' }).click();
  const hrefs = await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const loggedIn = ['/account', '/accountaddresses', '/storedpayments', '/orders'];
  const all = new Set([...hrefs, ...loggedIn]);
  expect(all.size).toBeGreaterThanOrEqual(6);
  for (const href of all) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(await response.text(), href).not.toContain('We could not find that page');
  }
});

test('the cookie notice shows until Got it, and stays accepted', async ({ page }) => {
  await page.goto('/privacy-policy');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toContainText('only essential cookies');
  await expect(notice).toContainText('only essential cookies');
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await hydrated(page, 'Notices');
  await page.goto('/faq');
  await hydrated(page, 'Notices');
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeHidden();
});

/**
 * Runs Playwright's clock until the page has existed for `ms` by its own count
 * (performance.now(), the time since the page started loading).
 */
async function advanceTo(page: Page, ms: number) {
  const now = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.max(0, Math.round(ms - now)));
}

/** Opens a page with time standing still, then lets it hydrate. */
async function openWithClock(page: Page, path: string) {
  const start = new Date('2025-08-01T17:00:00Z').getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await page.goto(path);
  await page.clock.runFor(100);
  await hydrated(page, 'Notices');
}

test('the notice bars appear after 2 s and 10 s, a click anywhere dismisses them, and they stay dismissed', async ({
  page,
}) => {
  expect(pricesBar.text).toBe('Prices include shipping — no surprises at checkout!');
  expect(shippingBar.text).toBe(
    'We currently ship only to the continental United States (excludes Alaska + Hawaii)',
  );
  await acceptCookies(page);
  await openWithClock(page, '/faq');

  const first = page.getByText(pricesBar.text);
  const second = page.getByText(shippingBar.text);
  await advanceTo(page, 1_800);
  await expect(first).toBeHidden();
  await advanceTo(page, 2_100);
  await expect(first).toBeVisible();
  await expect(second).toBeHidden();
  await advanceTo(page, 9_800);
  await expect(second).toBeHidden();
  await advanceTo(page, 10_100);
  await expect(second).toBeVisible();

  await page.mouse.click(20, 500);
  await expect(first).toBeHidden();
  await expect(second).toBeHidden();

  await page.reload();
  await page.clock.runFor(100);
  await hydrated(page, 'Notices');
  await page.clock.runFor(12_000);
  await expect(first).toBeHidden();
  await expect(second).toBeHidden();
  expect(
    await page.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key)),
      NOTICE_BARS.map((bar) => STORAGE_KEYS.noticeDismissed(bar.id)),
    ),
  ).toEqual(['dismissed', 'dismissed']);
});

test('a bar dismissed on its own does not stop the other from coming', async ({ page }) => {
  await acceptCookies(page);
  await openWithClock(page, '/about-us');
  await advanceTo(page, 2_100);
  await expect(page.getByText(pricesBar.text)).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText(pricesBar.text)).toBeHidden();
  await advanceTo(page, 10_100);
  await expect(page.getByText(shippingBar.text)).toBeVisible();
});

test('a new page starts at the top', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/terms-of-use');
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/faq');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('redirects', () => {
  for (const [from, to] of [
    ['/photolicensingpage', '/photolicensing'],
    ['/contact-us', '/contactus'],
    ['/review', '/checkout'],
  ] as const) {
    test(`${from} moves permanently to ${to}`, async ({ request, page }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers()['location']).toBe(to);
      if (to !== '/checkout') {
        await page.goto(from);
        expect(new URL(page.url()).pathname).toBe(to);
      }
    });
  }
});
