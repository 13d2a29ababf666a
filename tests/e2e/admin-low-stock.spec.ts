import { expect, test } from '@playwright/test';
import { LOW_STOCK_TEXT, THRESHOLD_TEXT } from '../../src/islands/admin/stock-filter';
import { acceptCookies } from './support/account';
import { ownerLogsIn } from './support/owner';

/*
 * Issue 28 point 4, as the owner does it: low-stock thresholds set on the stock page and saved with
 * its one save, then the dashboard lists what is at or under them, each linked to its stock row.
 * The pitcher and the bath towel are bought and changed by no other spec.
 */
test.describe.configure({ mode: 'serial' });

const PITCHER = { title: 'Puget Sound Stoneware Pitcher', sku: 'EG-PITCHER-SOUND' };
const TOWEL = 'Tidepool Bath Towel';

test('thresholds set on the stock page put the items on the dashboard', async ({ page }) => {
  await acceptCookies(page);
  await ownerLogsIn(page, '/admin/products');
  const search = page.getByLabel('Search by title or SKU');

  // The pitcher (7 in stock) is low at 8; the towel's variants at 13, its bath sheet never.
  await search.fill(PITCHER.title);
  await expect(page.getByRole('status').filter({ hasText: '1 product shown' })).toBeVisible();
  const pitcherLow = page.getByLabel(THRESHOLD_TEXT.row(PITCHER.title), { exact: true });
  await expect(pitcherLow).toHaveValue('3');
  await pitcherLow.fill('8');
  await search.fill(TOWEL);
  await expect(page.getByRole('status').filter({ hasText: '1 product shown' })).toBeVisible();
  await page.getByLabel(THRESHOLD_TEXT.product(TOWEL), { exact: true }).fill('13');
  await page
    .getByLabel(THRESHOLD_TEXT.row(`${TOWEL} (Driftwood Grey (bath sheet))`), { exact: true })
    .fill('0');
  await page.getByRole('button', { name: 'Save quantities' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 3 thresholds.' })).toBeVisible();

  // Saved: the page reads them back, and its low filter now shows the pitcher and the sea glass.
  await search.fill('');
  await page.getByLabel('Show').selectOption('low');
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: PITCHER.title })).toBeVisible();
  await expect(table.getByRole('cell', { name: /^Sea Glass/ })).toBeVisible();
  await expect(table.getByRole('cell', { name: /^Driftwood Grey/ })).toHaveCount(0);

  await page.goto('/admin');
  const panel = page.getByRole('region', { name: LOW_STOCK_TEXT.title });
  const pitcher = panel.getByRole('link', { name: PITCHER.title, exact: true });
  await expect(pitcher).toBeVisible();
  await expect(panel.getByRole('link', { name: `${TOWEL} (Sea Glass)` })).toBeVisible();
  await expect(panel.getByRole('link', { name: /Driftwood Grey/ })).toHaveCount(0);

  // Each line opens the stock page searched to its row.
  await pitcher.click();
  await expect(page).toHaveURL(/\/admin\/products\?q=EG-PITCHER-SOUND$/);
  await expect(page.getByLabel('Search by title or SKU')).toHaveValue(PITCHER.sku);
  await expect(page.getByLabel(THRESHOLD_TEXT.row(PITCHER.title), { exact: true })).toHaveValue(
    '8',
  );
});
