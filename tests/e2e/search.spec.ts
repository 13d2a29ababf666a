import { expect, test, type Page } from '@playwright/test';
import { products as catalogue } from '../../api/db/seed/catalogue';

const pages = Math.ceil(catalogue.length / 12);

const prices = async (page: Page) =>
  (await page.getByTestId('product-card').locator('.price').allTextContents()).map((text) =>
    Number(text.replace(/[$,]/g, '')),
  );

test('search with filters: Apply starts at page 1, updates the URL and hides the panel', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/search?q=yoga&page=2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “yoga”');

  const filters = page.locator('details.filters');
  await expect(page.getByLabel('Min Price')).toBeHidden();
  await page.getByText('Filters', { exact: true }).click();
  await expect(page.getByLabel('Min Price')).toBeVisible();
  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category.locator('option').first()).toHaveText('All Categories');
  const names = (await category.locator('option').allTextContents()).map((name) => name.trim());
  expect(names).toContain('Yoga');
  await expect(page.getByLabel('Sort').locator('option')).toHaveText([
    'Sort By',
    'Price: Low to High',
    'Price: High to Low',
  ]);

  await page.getByLabel('Max Price').fill('40');
  await category.selectOption('Yoga');
  await page.getByLabel('Sort').selectOption('priceAsc');
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/\/search\?q=yoga&maxPrice=40&category=Yoga&sort=priceAsc$/);
  await expect(filters).not.toHaveAttribute('open');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const found = await prices(page);
  expect(found.length).toBeGreaterThan(1);
  expect(found).toEqual([...found].sort((a, b) => a - b));
  for (const price of found) expect(price).toBeLessThanOrEqual(40);
  // The form shows the state the URL holds.
  await expect(page.getByLabel('Max Price')).toHaveValue('40');
  await expect(page.getByLabel('Sort')).toHaveValue('priceAsc');
  expect(violations).toEqual([]);
});

test('pagination with Previous/Next, reload and back/forward', async ({ page }) => {
  await page.goto('/search');
  const status = page.getByRole('navigation', { name: 'Pages' });
  await expect(status).toContainText(`Page 1 of ${pages}`);
  const firstPage = await page.getByTestId('product-card').locator('h3').allTextContents();
  expect(firstPage).toHaveLength(12);

  await status.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/search\?page=2$/);
  await expect(status).toContainText(`Page 2 of ${pages}`);
  const secondPage = await page.getByTestId('product-card').locator('h3').allTextContents();
  expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);

  await page.reload();
  await expect(status).toContainText(`Page 2 of ${pages}`);

  await page.goBack();
  await expect(page).toHaveURL(/\/search$/);
  await expect(status).toContainText(`Page 1 of ${pages}`);
  await expect(page.getByRole('status')).toHaveText('');
  await page.goForward();
  await expect(status).toContainText(`Page 2 of ${pages}`);

  await status.getByRole('link', { name: 'Previous' }).click();
  await expect(status).toContainText(`Page 1 of ${pages}`);
});

test('typo-tolerant search finds the product and says when nothing matches', async ({ page }) => {
  await page.goto('/search');
  await page.getByLabel('Search terms').fill('stonware mug');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=stonware\+mug$/);
  await expect(page.getByRole('heading', { name: 'Cedar Ridge Stoneware Mug' })).toBeVisible();

  await page.goto('/search?q=zzqxv');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
});

test('a bad filter in the URL is answered with a sentence', async ({ page }) => {
  const response = await page.goto('/search?minPrice=50&maxPrice=20');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Min Price cannot be more than Max Price.');
});

test('the search page says Loading... while the next results load', async ({ page }) => {
  await page.goto('/search');
  // Playwright holds its own calls until a navigation ends, so the page reports what it shows at
  // the moment the link is followed or the form is sent.
  const onNext = await page.evaluate(() => {
    document.querySelector<HTMLAnchorElement>('a[rel="next"]')!.click();
    return document.querySelector('[role="status"]')?.textContent;
  });
  expect(onNext).toBe('Loading...');
  await expect(page).toHaveURL(/\/search\?page=2$/);
  await page.goto('/search?q=mug');
  const onApply = await page.evaluate(() => {
    document.querySelector<HTMLFormElement>('[data-search-form]')!.requestSubmit();
    return document.querySelector('[role="status"]')?.textContent;
  });
  expect(onApply).toBe('Loading...');
  await expect(page).toHaveURL(/\/search\?q=mug$/);
  await expect(page.getByRole('status')).toHaveText('');
});
