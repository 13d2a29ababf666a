import { expect, test, type Page } from '@playwright/test';
import { SHOP_BY_CATEGORY, listingHref } from '../../src/lib/navigation';
import { STORAGE_KEYS } from '../../core/site-messages';
import { watchConsole } from './support/console';

async function acceptCookies(page: Page) {
  await page.addInitScript(
    (key) => localStorage.setItem(key, 'accepted'),
    STORAGE_KEYS.cookieConsent,
  );
}

/** Brings the carousel near the screen, which is when its island starts. */
async function showCarousel(page: Page) {
  await page.getByRole('heading', { name: 'Featured Products' }).scrollIntoViewIfNeeded();
}

test('the home page lists the featured products with their images', async ({ page, request }) => {
  const api = await request.get('/api/product/search?isFeatured=true');
  const { products } = (await api.json()) as { products: { title: string }[] };
  expect(products.length).toBeGreaterThanOrEqual(8);

  const problems = watchConsole(page);
  await acceptCookies(page);
  await page.goto('/');
  await showCarousel(page);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(products.length);
  for (const product of products) {
    await expect(page.getByRole('heading', { name: product.title, exact: true })).toBeAttached();
  }

  // Every card image actually loaded (naturalWidth > 0), not a broken box.
  const images = cards.locator('img');
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(image).toHaveAttribute('alt', /\S/);
  }
  expect(problems).toEqual([]);
});

test('the hero, the category strip, the gift inspiration strip and the why-us blurb', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Shop Gifts' })).toHaveAttribute(
    'href',
    '/products/Gift%20Collection/',
  );
  const categories = page.getByRole('region', { name: 'Shop by Category' });
  await expect(categories.getByRole('link')).toHaveText([
    'Gift Collection',
    'Yoga Mats',
    'Under $30',
  ]);
  for (const [index, link] of SHOP_BY_CATEGORY.entries()) {
    await expect(categories.getByRole('link').nth(index)).toHaveAttribute(
      'href',
      listingHref(link),
    );
  }
  const inspiration = page.getByRole('region', { name: 'Gift Inspiration' });
  await expect(inspiration.getByRole('heading', { level: 3 })).toHaveText([
    'What to Get the Person Who Has Everything',
    'Practical Gifts: Presents They Will Use Every Day',
  ]);
  await expect(
    inspiration.getByRole('link', { name: 'What to Get the Person Who Has Everything' }),
  ).toHaveAttribute('href', '/blog/what-to-get-the-person-who-has-everything');
  await expect(inspiration.getByRole('link', { name: /^Practical Gifts/ })).toHaveAttribute(
    'href',
    '/blog/practical-gifts',
  );
  await expect(page.getByRole('region', { name: 'Why shop with us' })).toContainText(
    'Prices include shipping.',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the featured products are in the page's HTML, with no 'Loading products...'", async ({
    page,
    request,
  }) => {
    const api = await request.get('/api/product/search?isFeatured=true');
    const { products } = (await api.json()) as { products: { title: string }[] };
    const html = await (await request.get('/')).text();
    expect(html).not.toContain('Loading products...');
    await page.goto('/');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(products.length);
    for (const product of products) {
      await expect(page.getByRole('heading', { name: product.title, exact: true })).toBeAttached();
    }
    // The list scrolls sideways by itself; the buttons come with the island.
    await expect(page.getByRole('button', { name: 'Next products' })).toHaveCount(0);
  });
});

test("the featured products travel once, as HTML, not again as the island's props", async ({
  request,
}) => {
  const api = await request.get('/api/product/search?isFeatured=true');
  const { products } = (await api.json()) as { products: { _id: string; title: string }[] };
  expect(products.length).toBeGreaterThan(0);
  const html = await (await request.get('/')).text();
  const island = /<astro-island[^>]*FeaturedCarousel[^>]*>/.exec(html)?.[0] ?? '';
  expect(island).not.toBe('');
  // No product rides in the island's props, and each links from the page exactly once.
  expect(products.filter((product) => island.includes(product._id)).map((p) => p.title)).toEqual(
    [],
  );
  const links = products.map(
    (product) => html.split(`/productdetailpage/${product._id}"`).length - 1,
  );
  expect(links).toEqual(products.map(() => 1));
});

test('the home page makes no request for the featured products', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('isFeatured')) asked.push(request.url());
  });
  // Reduced motion: Next jumps a whole view at once, so each step is over before the next click
  // (a smooth scroll still under way would make the loop click a button that then disables).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await acceptCookies(page);
  await page.goto('/');
  await showCarousel(page);
  const next = page.getByRole('button', { name: 'Next products' });
  await expect(next).toBeVisible();
  // Hydrated with a count and no products, the island keeps the cards (not the empty state), and
  // Next runs to the last of them.
  await expect(page.getByText('No featured products available.')).toHaveCount(0);
  const cards = page.getByTestId('product-card');
  const total = await cards.count();
  expect(total).toBeGreaterThan(3);
  const track = page.locator('#featured-track');
  const scrolled = () => track.evaluate((element) => element.scrollLeft);
  const atEnd = () => track.evaluate((e) => e.scrollLeft + e.clientWidth >= e.scrollWidth - 4);
  for (let view = 0; view < total && !(await atEnd()); view += 1) {
    const before = await scrolled();
    await next.click();
    await expect.poll(scrolled).toBeGreaterThan(before);
  }
  await expect(next).toBeDisabled();
  await expect(cards.last()).toBeInViewport();
  expect(asked).toEqual([]);
});

/** How many slides lie wholly inside the track's visible box. */
async function slidesInView(page: Page): Promise<number> {
  return page.locator('#featured-track').evaluate((track) => {
    const box = track.getBoundingClientRect();
    return [...track.children].filter((slide) => {
      const rect = slide.getBoundingClientRect();
      return rect.left >= box.left - 1 && rect.right <= box.right + 1;
    }).length;
  });
}

test('the carousel shows 3 cards a view, moves a view with Next and Previous, and works from the keyboard', async ({
  page,
}) => {
  await acceptCookies(page);
  await page.goto('/');
  await showCarousel(page);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const track = page.locator('#featured-track');
  await track.evaluate((element) => (element.style.scrollBehavior = 'auto'));
  expect(await slidesInView(page)).toBe(3);

  const previous = page.getByRole('button', { name: 'Previous products' });
  const next = page.getByRole('button', { name: 'Next products' });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  await expect(previous).toBeEnabled();
  await expect.poll(() => slidesInView(page)).toBe(3);
  await previous.click();
  await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBe(0);

  // Keyboard: the track takes focus and scrolls with the arrow keys; Tab reaches every card.
  await track.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const lastLink = page.getByTestId('product-card').last().getByRole('link');
  await lastLink.focus();
  await expect(lastLink).toBeFocused();
  await expect.poll(() => slidesInView(page)).toBeGreaterThanOrEqual(2);
  await expect(lastLink).toBeInViewport();
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 500, height: 900 }, hasTouch: true });

  test('the carousel shows 2 cards a view and can be swiped', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    await showCarousel(page);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(await slidesInView(page)).toBe(2);
    // A real touch swipe, right to left, through Chromium's touch input.
    const track = page.locator('#featured-track');
    const box = (await track.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const x = Math.round(box.x + box.width * 0.8);
    const y = Math.round(box.y + box.height / 2);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step += 1) {
      const point = { x: x - step * Math.round(box.width / 20), y };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    await expect(page.getByRole('button', { name: 'Previous products' })).toBeEnabled();
    await expect.poll(() => slidesInView(page)).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
