import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seedProductId } from '../../api/db/seed';
import type { ProductDto } from '../../core/product/model';
import { acceptCookies } from './support/account';
import { ownerLogsIn } from './support/owner';

/*
 * Issue 25 point 5, as the owner does it on a desktop and on a phone: several quantities changed on
 * the stock table and saved at once, then read on the product pages; a product with two sizes and
 * two images added as a draft (not in search), then published (in search within a second). The
 * owner's password is set on first use, so the steps run one after another.
 */
test.describe.configure({ mode: 'serial' });

/** Three products no other spec buys or changes, so their stock is this file's to read. */
const ROWS = [
  { slug: 'stoneware-berry-bowl', title: 'Huckleberry Stoneware Bowl' },
  { slug: 'cedar-hand-towel-set', title: 'Cedar Grove Hand Towel Set' },
  { slug: 'cork-yoga-block', title: 'Cork Yoga Block' },
];

/** What the product page says for a stock figure (src/islands/catalogue/ProductDetail.tsx). */
const stockSays = (units: number) => (units === 0 ? 'Sold out' : `Only ${units} left`);

async function picture(format: 'png' | 'webp', red: number) {
  const image = sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: red, g: 110, b: 70 } },
  });
  return (format === 'png' ? image.png() : image.webp()).toBuffer();
}

async function searchIds(page: Page, text: string) {
  const answer = await page.request.get(`/api/product/search?q=${encodeURIComponent(text)}`);
  return ((await answer.json()) as { products: ProductDto[] }).products.map((p) => p._id);
}

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, units: [2, 3, 4] },
  { name: 'phone', viewport: { width: 390, height: 844 }, units: [4, 5, 0] },
];

for (const { name, viewport, units } of VIEWPORTS) {
  test.describe(`the owner's catalogue tools on a ${name}`, () => {
    test.use({ viewport });

    test('three quantities changed, saved at once, shown on the product pages', async ({
      page,
    }) => {
      // The owner accepted the cookie notice long ago: it would cover the phone's save bar.
      await acceptCookies(page);
      await ownerLogsIn(page, '/admin/products');
      const search = page.getByLabel('Search by title or SKU');
      // Each found by its title; the changes wait, across searches, for the one save.
      for (const [index, row] of ROWS.entries()) {
        await search.fill(row.title);
        await expect(page.getByRole('status').filter({ hasText: '1 product shown' })).toBeVisible();
        await page.getByLabel(`In stock: ${row.title}`, { exact: true }).fill(String(units[index]));
      }
      await search.fill('');
      await expect(page.getByText('3 quantities changed, not saved yet.')).toBeVisible();
      await page.getByRole('button', { name: 'Save quantities' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Saved 3 quantities.' }),
      ).toBeVisible();

      for (const [index, row] of ROWS.entries()) {
        await page.goto(`/productdetailpage/${seedProductId(row.slug)}`);
        await expect(page.getByTestId('stock')).toHaveText(stockSays(units[index]!));
      }
    });

    test('a product with two sizes and two images: a draft not in search, then published', async ({
      page,
    }) => {
      test.setTimeout(120_000); // three uploads, each turned into the allow-listed WebP widths
      await acceptCookies(page);
      const title = `Salal Apron ${name} ${Date.now().toString(36)}`;
      const sku = `EG-APRON-${name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
      await ownerLogsIn(page, '/admin/products');
      await page.getByRole('button', { name: 'Add a product' }).click();
      const form = page.getByRole('region', { name: 'Add a product' });
      await form.getByLabel('Title').fill(title);
      await expect(form.getByLabel('Draft: hidden from the shop')).toBeChecked();
      await form.getByLabel('SKU', { exact: true }).fill(sku);
      await form.getByLabel('Description', { exact: true }).fill('A waxed canvas apron.');
      await form.getByLabel('Details').fill('Waxed cotton canvas\nAdjustable neck strap');
      await form.getByLabel('Price in dollars').fill('38.00');
      const listing = form.getByRole('group', { name: 'Category 1' });
      await listing.getByLabel('Category', { exact: true }).selectOption('Home');
      await listing.getByLabel('Subcategory', { exact: true }).selectOption('Kitchen');

      const images = form.getByLabel(/^Images/);
      await images.setInputFiles({
        name: 'front.png',
        mimeType: 'image/png',
        buffer: await picture('png', 200),
      });
      await expect(form.getByRole('img', { name: 'Image 1' })).toBeVisible();
      await images.setInputFiles({
        name: 'back.webp',
        mimeType: 'image/webp',
        buffer: await picture('webp', 30),
      });
      await expect(form.getByRole('img', { name: 'Image 2' })).toBeVisible();
      // Reordered and removed: a third image goes first, then is removed; the two keep their order.
      const srcOf = (n: number) =>
        form.getByRole('img', { name: `Image ${n}` }).getAttribute('src');
      const [first, second] = [await srcOf(1), await srcOf(2)];
      await images.setInputFiles({
        name: 'spare.png',
        mimeType: 'image/png',
        buffer: await picture('png', 90),
      });
      await expect(form.getByRole('img', { name: 'Image 3' })).toBeVisible();
      await form.getByRole('button', { name: 'Move image 3 earlier' }).click();
      await form.getByRole('button', { name: 'Move image 2 earlier' }).click();
      expect([await srcOf(2), await srcOf(3)]).toEqual([first, second]);
      await form.getByRole('button', { name: 'Remove image 1' }).click();
      await expect(form.getByRole('img', { name: 'Image 3' })).toHaveCount(0);
      expect([await srcOf(1), await srcOf(2)]).toEqual([first, second]);
      await form.getByLabel('Alt text').fill('A green canvas apron with a salal leaf print.');

      const sizes = form.getByRole('group', { name: 'Sizes and options' });
      for (const [index, size] of ['S/M', 'L/XL'].entries()) {
        await sizes.getByRole('button', { name: 'Add a size or option' }).click();
        const row = sizes.getByRole('group', { name: new RegExp(`^Size ${index + 1}`) });
        await row.getByLabel('Name').fill(size);
        await row.getByLabel('SKU').fill(`${sku}-${index + 1}`);
        await row.getByLabel('Price in dollars').fill(index === 0 ? '38.00' : '41.50');
        await row.getByLabel('In stock').fill(String(4 + index));
        await row.getByLabel('Image').selectOption(`Image ${index + 1}`);
      }
      await form.getByRole('button', { name: 'Add the product' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Added ${title}.` })).toBeVisible();

      // A draft: not in search, its page not found.
      expect(await searchIds(page, title)).toEqual([]);
      await page.goto(`/search?q=${encodeURIComponent(title)}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(0);

      // Published from the stock table: in search within a second.
      await page.goto('/admin/products');
      await page.getByLabel('Search by title or SKU').fill(title);
      await expect(page.getByText('Draft', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const editor = page.getByRole('region', { name: `Edit ${title}` });
      await expect(editor.getByLabel('Details')).toHaveValue(
        'Waxed cotton canvas\nAdjustable neck strap',
      );
      await editor.getByLabel('Active: in the shop').check();
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Saved ${title}.` })).toBeVisible();
      await expect.poll(() => searchIds(page, title), { timeout: 1000 }).toHaveLength(1);

      await page.goto(`/search?q=${encodeURIComponent(title)}`);
      await page
        .getByRole('link', { name: new RegExp(title) })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText('Adjustable neck strap')).toBeVisible();
      await expect(page.getByTestId('stock')).toHaveText('Only 4 left');
    });
  });
}
