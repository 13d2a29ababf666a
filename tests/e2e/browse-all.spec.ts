import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { acceptCookies, hydrated } from './support/account';

/*
 * Issue 24: every category reachable by browsing (the menu, the Shop all page, the footer), the
 * product page's breadcrumb on one phone line, the "Sold out" badge on every card, what a search
 * that finds nothing offers, and a listing's address with `$` escaped.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
/** The categories the issue found unreachable: each must be one click from the menu. */
const ONCE_UNREACHABLE = ['Clothing', 'Digital', 'Home', 'Pets', 'Artwork'];
/** Sold out in the demo catalogue, listed in Gift Collection › For Him and Home › Blankets. */
const SOLD_OUT_TITLE = 'Ferry Deck Plaid Picnic Blanket';
const SOLD_OUT_PAGE = `/productdetailpage/${seedProductId('ferry-plaid-picnic-blanket')}`;

/** The titles of the product cards an address answers with (the page as the server sends it). */
async function cardTitles(request: APIRequestContext, href: string): Promise<string[]> {
  const response = await request.get(href);
  expect(response.status(), href).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/data-testid="product-card"><a [^>]*>(?:<img[^>]*>)?<h3>([^<]*)<\/h3>/g)]
    .map((match) => match[1]!)
    .filter(Boolean);
}

/** The product pages a listing links its cards to. */
async function productHrefs(request: APIRequestContext, href: string): Promise<string[]> {
  const html = await (await request.get(href)).text();
  return [...html.matchAll(/data-testid="product-card"><a href="([^"]+)"/g)].map((m) => m[1]!);
}

async function linksOf(scope: ReturnType<Page['locator']>) {
  return scope.getByRole('link').evaluateAll((links) =>
    links.map((link) => ({
      label: (link.textContent ?? '').trim(),
      href: link.getAttribute('href') ?? '',
    })),
  );
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`browsing every category on a ${name}`, () => {
    test.use({ viewport });

    test('the menu lists every category; each answers with products', async ({ page }) => {
      await acceptCookies(page);
      await page.goto('/');
      await hydrated(page, 'HeaderActions');
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      const shelves = menu.getByRole('navigation', { name: 'Shop by category' });
      await expect(shelves.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
      // After the spec's items.
      const spec = menu.getByRole('navigation', { name: 'Menu' });
      const specBox = (await spec.boundingBox())!;
      const shelvesBox = (await shelves.boundingBox())!;
      expect(shelvesBox.y).toBeGreaterThanOrEqual(specBox.y + specBox.height);

      const links = await linksOf(shelves);
      const labels = links.map((link) => link.label);
      for (const category of ONCE_UNREACHABLE) expect(labels).toContain(category);
      expect(labels.at(-1)).toBe('Shop all');
      const categories = links.slice(0, -1);
      for (const link of categories) {
        expect((await cardTitles(page.request, link.href)).length, link.href).toBeGreaterThan(0);
      }

      // The footer lists the same.
      const footer = page.getByRole('contentinfo').getByRole('navigation', {
        name: 'Shop by category',
      });
      await expect(footer).toContainText('Shop by category');
      expect(await linksOf(footer)).toEqual(links);

      // One of them, followed from the menu.
      const clothing = shelves.getByRole('link', { name: 'Clothing', exact: true });
      await clothing.click();
      await page.waitForURL((url) => url.pathname === '/products/Clothing/');
      await expect(page.getByRole('heading', { level: 1, name: 'Clothing' })).toBeVisible();
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    });

    test('the menu of a prerendered page and of the search page lists every category too', async ({
      page,
    }) => {
      await acceptCookies(page);
      for (const path of ['/faq', '/search?q=mug']) {
        await page.goto(path);
        await hydrated(page, 'HeaderActions');
        await page.getByRole('button', { name: 'Menu' }).click();
        const shelves = page
          .getByRole('dialog', { name: 'Menu' })
          .getByRole('navigation', { name: 'Shop by category' });
        for (const category of ONCE_UNREACHABLE) {
          await expect(shelves.getByRole('link', { name: category, exact: true })).toHaveAttribute(
            'href',
            `/products/${category}/`,
          );
        }
        await expect(shelves.getByRole('link').last()).toHaveText('Shop all');
        await page.keyboard.press('Escape');
      }
    });

    test('the Shop all page lists every category with its subcategories', async ({ page }) => {
      await acceptCookies(page);
      await page.goto('/');
      await hydrated(page, 'HeaderActions');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('link', { name: 'Shop all', exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === '/products/');
      await expect(page.getByRole('heading', { level: 1, name: 'Shop all' })).toBeVisible();

      const list = page.getByTestId('shop-all');
      const categories = await linksOf(list.getByRole('heading', { level: 2 }));
      for (const category of ONCE_UNREACHABLE) {
        expect(categories.map((link) => link.label)).toContain(category);
      }
      // Every category page and every subcategory listing answers with products.
      const everyListing = await linksOf(list);
      expect(everyListing.length).toBeGreaterThan(categories.length);
      for (const link of everyListing) {
        expect((await cardTitles(page.request, link.href)).length, link.href).toBeGreaterThan(0);
      }
      await expect(list.getByRole('list', { name: 'Pets' }).getByRole('link')).toContainText([
        'Cat',
        'Dog',
      ]);

      // The footer lists the same categories, and the Shop all page.
      const footer = page.getByRole('contentinfo').getByRole('navigation', {
        name: 'Shop by category',
      });
      expect((await linksOf(footer)).map((link) => link.label)).toEqual([
        ...categories.map((link) => link.label),
        'Shop all',
      ]);
      // A category reached from the page itself.
      await list.getByRole('link', { name: 'Digital', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/products/Digital/');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    });

    test('a sold-out product carries the badge on its listing, search and related cards', async ({
      page,
    }) => {
      const soldOutCard = page
        .getByTestId('product-card')
        .filter({ has: page.getByRole('heading', { name: SOLD_OUT_TITLE }) });
      await page.goto('/products/Home/Blankets');
      await expect(soldOutCard.getByText('Sold out', { exact: true })).toBeVisible();
      // Only that one: its neighbours can be bought.
      await expect(page.getByTestId('product-card').getByText('Sold out')).toHaveCount(1);

      await page.goto('/search?q=picnic%20blanket');
      await expect(soldOutCard.getByText('Sold out', { exact: true })).toBeVisible();

      // Related products on a page whose related listing holds it: the listing's own card.
      const neighbours = await productHrefs(page.request, '/products/Home/Blankets');
      let relatedTo: string | undefined;
      for (const href of neighbours) {
        const html = await (await page.request.get(href)).text();
        const related = html.slice(html.indexOf('data-testid="related"'));
        if (html.includes('data-testid="related"') && related.includes(SOLD_OUT_TITLE)) {
          relatedTo = href;
          break;
        }
      }
      expect(relatedTo, 'a product page relating the sold-out product').toBeDefined();
      await page.goto(relatedTo!);
      await expect(
        page
          .getByTestId('related')
          .getByTestId('product-card')
          .filter({ hasText: SOLD_OUT_TITLE })
          .getByText('Sold out', { exact: true }),
      ).toBeVisible();
    });
  });
}

test.describe('the product page breadcrumb', () => {
  test('is one line on a phone: category and subcategory whole, the name cut short', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(SOLD_OUT_PAGE);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    const boxes = await crumbs.locator('li').evaluateAll((list) =>
      list
        .filter((item) => getComputedStyle(item).display !== 'none')
        .map((item) => {
          const box = item.getBoundingClientRect();
          return {
            text: item.textContent?.trim() ?? '',
            top: box.top,
            bottom: box.bottom,
            right: box.right,
            height: box.height,
            cut: item.scrollWidth > item.clientWidth,
          };
        }),
    );
    expect(boxes.map((box) => box.text)).toEqual(['Gift Collection', 'For Him', SOLD_OUT_TITLE]);
    const [category, subcategory, product] = boxes;
    // One line: the crumbs side by side (each spans the others' height), and the list less
    // than one and a half crumbs tall (a second line would double it).
    expect(Math.max(...boxes.map((box) => box.top))).toBeLessThan(
      Math.min(...boxes.map((box) => box.bottom)),
    );
    const listHeight = await crumbs.locator('ol').evaluate((list) => list.clientHeight);
    expect(listHeight).toBeLessThan(1.5 * Math.max(...boxes.map((box) => box.height)));
    // Only the product's name ends in an ellipsis, inside the screen.
    expect(category!.cut).toBe(false);
    expect(subcategory!.cut).toBe(false);
    expect(product!.cut).toBe(true);
    expect(product!.right).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByRole('heading', { level: 1, name: SOLD_OUT_TITLE })).toBeVisible();
  });

  test('shows the whole trail on a desktop', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(SOLD_OUT_PAGE);
    const items = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li');
    await expect(items).toHaveText(['Home', 'Gift Collection', 'For Him', SOLD_OUT_TITLE]);
    const cut = await items.evaluateAll((list) =>
      list.map((item) => item.scrollWidth > item.clientWidth),
    );
    expect(cut).toEqual([false, false, false, false]);
  });
});

test.describe('a search that finds nothing', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`suggests the closest words and links the categories (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/search?q=blnkxts');
      const results = page.locator('[data-search-results]');
      await expect(results.getByText('No results found')).toBeVisible();
      const suggestions = page.getByTestId('search-suggestions');
      await expect(suggestions).toContainText('Did you mean:');
      const categories = page.getByTestId('search-categories');
      await expect(
        categories.getByRole('heading', { name: 'Browse the categories' }),
      ).toBeVisible();
      const labels = (await linksOf(categories)).map((link) => link.label);
      for (const category of ONCE_UNREACHABLE) expect(labels).toContain(category);
      expect(labels.at(-1)).toBe('Shop all');

      await suggestions.getByRole('link', { name: 'blanket', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'blanket');
      await expect(page.getByTestId('result-count')).toBeVisible();
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    });
  }
});

test('a listing address with $ escaped answers like the plain one', async ({ page }) => {
  const plain = await cardTitles(page.request, '/products/Gift%20Collection/Under%20$30');
  expect(plain.length).toBeGreaterThan(0);
  const response = await page.goto('/products/Gift%20Collection/Under%20%2430');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/products\/Gift%20Collection\/Under%20\$30$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gifts Under $30');
  await expect(page.getByTestId('product-card').getByRole('heading', { level: 3 })).toHaveText(
    plain,
  );
  // The same with its page number kept.
  const first = await page.goto('/products/Gift%20Collection/Under%20%2430?page=1');
  expect(first?.status()).toBe(200);
  await expect(page).toHaveURL(/Under%20\$30\?page=1$/);
});

test('the Shop all page is in the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/products\/<\/loc>/);
});
