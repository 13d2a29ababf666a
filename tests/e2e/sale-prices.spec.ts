import { expect, test, type APIRequestContext } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { shopDayOf } from '../../core/shop-calendar';
import { bodyOf, toFields, type Editable } from '../../src/islands/admin/product-fields';
import { acceptCookies } from './support/account';
import { ownerAuthorization, ownerLogsIn } from './support/owner';

/*
 * Issue 42 point 1 through the pages: the owner gives a product a sale price for today in the
 * back office; a shopper sees the regular price struck through with the "Sale" badge on the
 * listing, the product page and the cart line, and finds it with the search's "On sale" filter.
 * The Salish Sea Bath Soak ($18, Gift Collection › Under $30) is no other spec's; the sale is
 * ended afterwards so every other spec sees its regular price.
 */
test.describe.configure({ mode: 'serial' });

const TITLE = 'Salish Sea Bath Soak';
const ID = seedProductId('sea-salt-bath-soak');

/** Ends the sale as the editor would (sale: null), through the admin API. */
async function endSale(request: APIRequestContext) {
  const headers = await ownerAuthorization(request);
  const loaded = (await (
    await request.get(`/api/admin/products/${ID}`, { headers })
  ).json()) as Editable;
  const body = { ...bodyOf(toFields(loaded), [], false), sale: null };
  const saved = await request.post(`/api/admin/products/${ID}`, { headers, data: body });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.afterAll(async ({ request }) => {
  await endSale(request);
});

test('the owner puts a product on sale today; shoppers see it struck through and find it', async ({
  page,
}) => {
  const today = shopDayOf(new Date());
  await acceptCookies(page);

  // The owner: the product's editor in the back office, a sale price for today, saved.
  await ownerLogsIn(page, '/admin/products');
  await page.getByLabel('Search by title or SKU').fill(TITLE);
  await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
  const editor = page.getByRole('region', { name: `Edit ${TITLE}` });
  const sale = editor.getByRole('group', { name: 'Sale', exact: true });
  await sale.getByLabel('Sale price (dollars)').fill('18');
  await sale.getByLabel('First day of the sale').fill(today);
  await sale.getByLabel('Last day of the sale').fill(today);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  // Not below the regular price: refused under the field, nothing saved.
  await expect(sale.getByText('The sale price must be below the regular price.')).toBeVisible();
  await sale.getByLabel('Sale price (dollars)').fill('14.40');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${TITLE}.` })).toBeVisible();

  // The listing: the card shows the price charged, the regular one struck through, the badge.
  await page.goto('/products/Gift%20Collection/Under%20%2430');
  const card = page.getByTestId('product-card').filter({ hasText: TITLE });
  await expect(card.locator('.price')).toContainText('$14.40');
  await expect(card.locator('s')).toHaveText('Was $18.00');
  await expect(card.getByText('Sale', { exact: true })).toBeVisible();

  // The product page, and its structured data: the offer holds until the sale's last day.
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/productdetailpage/${ID}`));
  const price = page.getByTestId('price');
  await expect(price).toContainText('$14.40');
  await expect(price.locator('s')).toHaveText('Was $18.00');
  await expect(price.getByText('Sale', { exact: true })).toBeVisible();
  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  const offer = data
    .map((text) => JSON.parse(text) as { '@type'?: string; offers?: object })
    .find((entry) => entry['@type'] === 'Product')?.offers;
  expect(offer).toMatchObject({ price: '14.40', priceValidUntil: today });

  // The cart line.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status')).toContainText('Added');
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: TITLE });
  await expect(line.locator('.unit')).toContainText('$14.40 each');
  await expect(line.locator('s')).toHaveText('Was $18.00');
  await expect(line.getByText('Sale', { exact: true })).toBeVisible();

  // Search: the "On sale" filter finds it, and says so in a chip.
  await page.goto('/search');
  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('On sale').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/search\?onSale=1$/);
  await expect(page.getByTestId('filter-chips')).toContainText('On sale');
  const found = page.getByTestId('product-card').filter({ hasText: TITLE });
  await expect(found.locator('s')).toHaveText('Was $18.00');
});
