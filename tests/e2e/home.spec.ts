import { expect, test } from '@playwright/test';

test('the home page lists the featured products with their images', async ({ page, request }) => {
  const api = await request.get('/api/product/search?isFeatured=true');
  const { products } = (await api.json()) as { products: { title: string }[] };
  expect(products.length).toBeGreaterThanOrEqual(8);

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });

  await page.goto('/');
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(products.length);
  for (const product of products) {
    await expect(page.getByRole('heading', { name: product.title, exact: true })).toBeVisible();
  }

  // Every card image actually loaded (naturalWidth > 0), not a broken box.
  const images = cards.locator('img');
  await images.first().scrollIntoViewIfNeeded();
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(image).toHaveAttribute('alt', /\S/);
  }
  expect(violations).toEqual([]);
});

test('pages carry the security headers', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
  expect(headers['x-request-id']).toBeTruthy();
});

test('an unknown page answers 404', async ({ request }) => {
  const response = await request.get('/no-such-page-here');
  expect(response.status()).toBe(404);
});
