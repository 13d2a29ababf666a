import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { SLIP_TEXT } from '../../core/admin/slips';
import { EXPORT_TEXT } from '../../core/admin/exports';
import { readCsvText } from '../helpers/csv';
import { acceptCookies, hydrated } from './support/account';
import { placeGuestOrder } from './support/orders';
import { ownerLogsIn } from './support/owner';

/*
 * Issue 28 points 1 and 2 as the owner works: two unfulfilled orders (one a gift whose buyer hid
 * the prices, placed with issue 26's gift fields), their slips printed from the orders list (one
 * letter page each, the pick list on its own), then the month's orders CSV downloaded and read.
 */

const MUG = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
};
const THROW = {
  _id: seedProductId('fern-fleece-throw'),
  title: 'Sword Fern Fleece Throw',
  sku: 'EG-THROW-FERN',
  price: 54,
};
const MESSAGE = 'Happy birthday, Grace!\nLove from the trailhead';

test('the owner prints two slips (one a gift without prices) and a pick list, then reads the month’s CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const buyer = { firstname: 'Ada', lastname: `Slips${run}`, email: `slips.${run}@example.com` };
  const plain = await placeGuestOrder(
    request,
    [
      { ...MUG, quantity: 2 },
      { ...THROW, quantity: 1 },
    ],
    buyer,
  );
  const gift = await placeGuestOrder(request, [{ ...MUG, quantity: 1 }], buyer, '', {
    extra: { gift: { message: MESSAGE, hidePrices: true } },
  });

  await acceptCookies(page);
  await ownerLogsIn(page, '/admin/orders');
  await page.goto(`/admin/orders?status=unfulfilled&q=${encodeURIComponent(buyer.email)}`);
  await hydrated(page, 'AdminOrders');
  await page.getByRole('checkbox', { name: `Select order ${plain.number}` }).check();
  await page.getByRole('checkbox', { name: `Select order ${gift.number}` }).check();
  await page.getByRole('link', { name: SLIP_TEXT.printSelected }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/slips\?ids=/);

  const slips = page.getByTestId('slip');
  await expect(slips).toHaveCount(2);
  const plainSlip = page.getByRole('region', { name: `Order ${plain.number}` });
  const giftSlip = page.getByRole('region', { name: `Order ${gift.number}` });
  await expect(plainSlip).toContainText('EG-MUG-ENAMEL');
  await expect(plainSlip).toContainText('$19.00');
  await expect(plainSlip).toContainText('$54.00');
  await expect(plainSlip).toContainText(`Ada Slips${run}`);
  await expect(plainSlip).toContainText('400 Pine St');
  await expect(plainSlip.getByTestId('gift-message')).toHaveCount(0);
  // The gift: its message with the line break kept, and not one price.
  await expect(giftSlip.getByTestId('gift-message')).toHaveText(MESSAGE);
  expect(
    await giftSlip.getByTestId('gift-message').evaluate((e) => (e as HTMLElement).innerText),
  ).toContain('Grace!\nLove');
  await expect(giftSlip).toContainText('EG-MUG-ENAMEL');
  expect(await giftSlip.innerText()).not.toContain('$');
  // The pick list: units per SKU across both orders.
  const pick = page.getByTestId('pick-list');
  await expect(pick.locator('tr[data-sku="EG-MUG-ENAMEL"] [data-testid="pick-units"]')).toHaveText(
    '3',
  );
  await expect(pick.locator('tr[data-sku="EG-THROW-FERN"] [data-testid="pick-units"]')).toHaveText(
    '1',
  );

  // On paper: letter pages, one per slip and one for the pick list, no site header.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header.site-header')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: SLIP_TEXT.print })).toBeHidden();
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
  expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 612 792\s*\]/);
  await page.emulateMedia({ media: 'screen' });

  // "All unfulfilled" holds both, among whatever else waits to ship.
  await page.goto('/admin/orders/slips?unfulfilled=1');
  await expect(page.getByRole('region', { name: `Order ${plain.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Order ${gift.number}` })).toBeVisible();

  // The month's CSV (the range defaults to this month so far, in shop time).
  await page.goto('/admin/orders');
  await hydrated(page, 'AdminOrders');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: EXPORT_TEXT.orders }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = readCsvText(readFileSync((await download.path())!, 'utf8'));
  const plainRow = rows.find((row) => row.Order === String(plain.number));
  const giftRow = rows.find((row) => row.Order === String(gift.number));
  expect(plainRow).toMatchObject({
    Status: 'unfulfilled',
    Buyer: 'guest',
    Email: buyer.email,
    State: 'WA',
    ZIP: '98101',
    'Gross sales': '92.00',
    'Gift cards sold': '0.00',
    Refunds: '0.00',
  });
  expect(Number(plainRow!.Total)).toBeCloseTo(
    Number(plainRow!['Gross sales']) + Number(plainRow!.Tax),
  );
  expect(plainRow!['Payment reference']).not.toBe('');
  expect(giftRow).toMatchObject({ 'Gross sales': '19.00', Email: buyer.email });
});
