import { expect, test } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { RESTOCK_TEXT } from '../../core/restock/texts';
import { browseFromOwnAddress, mails } from './support/account';
import { ownerAuthorization } from './support/owner';

browseFromOwnAddress();

const MAT = seedProductId('evergreen-yoga-mat');
const HUCKLEBERRY = 'EG-MAT-EVERGREEN-HUC'; // sold out in the demo catalogue
const SUBJECT = 'Back in stock: Evergreen Yoga Mat (Huckleberry (limited))';

test('a shopper asks for a sold-out option; the owner restocks it; exactly one email comes, with the link', async ({
  page,
  request,
}) => {
  const email = `waiting.${Date.now().toString(36)}@example.com`;
  const backInStock = () =>
    mails().filter((mail) => mail.to.includes(email) && mail.subject === SUBJECT);
  await page.goto(`/productdetailpage/${MAT}`);
  const form = page.getByRole('form', { name: RESTOCK_TEXT.optionIntro('Huckleberry (limited)') });
  await expect(form).toBeVisible();
  await form.getByLabel(RESTOCK_TEXT.emailLabel).fill(email);
  await form.getByRole('button', { name: RESTOCK_TEXT.button }).click();
  await expect(page.getByRole('status').filter({ hasText: RESTOCK_TEXT.confirmed })).toBeVisible();

  // The address confirms first (issue 36): one email with the link to a page whose button
  // confirms. Opening the link, as a mail scanner or a prefetcher does, confirms nothing.
  const confirmation = () =>
    mails().filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Please confirm'));
  await expect.poll(() => confirmation().length, { timeout: 15_000 }).toBe(1);
  const link = confirmation()[0]!.text.match(/https?:\/\/\S+\/confirm-waiting\?t=[\w.-]+/);
  expect(link, 'a confirm link').not.toBeNull();
  const path = new URL(link![0]).pathname + new URL(link![0]).search;
  const headers = await ownerAuthorization(request);
  // The owner's stock list counts confirmed requests only: it reads the request's row.
  const waiting = async () => {
    const answer = await request.get('/api/admin/products', { headers });
    const rows = ((await answer.json()) as { items: { sku: string; waiting: number }[] }).items;
    return rows.find((row) => row.sku === HUCKLEBERRY)?.waiting;
  };
  expect((await request.get(path)).status()).toBe(200);
  expect((await request.get(path)).status()).toBe(200);
  await page.goto(path);
  const ask = RESTOCK_TEXT.confirmAsk(email, 'Evergreen Yoga Mat (Huckleberry (limited))');
  await expect(page.getByText(ask)).toBeVisible();
  expect(await waiting()).toBe(0);
  await page.getByRole('button', { name: RESTOCK_TEXT.confirmButton }).click();
  await expect(
    page.getByRole('status').filter({ hasText: RESTOCK_TEXT.confirmDone }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: RESTOCK_TEXT.confirmButton })).toHaveCount(0);
  expect(await waiting()).toBe(1);
  // Opened again: it says so, with nothing to press.
  await page.goto(path);
  await expect(
    page.getByRole('status').filter({ hasText: RESTOCK_TEXT.confirmDone }),
  ).toBeVisible();

  const setStock = async (quantity: number) => {
    const answer = await request.post('/api/admin/products/stock', {
      headers,
      data: { sku: HUCKLEBERRY, quantity },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  try {
    await setStock(2);
    await expect.poll(() => backInStock().length, { timeout: 15_000 }).toBe(1);
    expect(backInStock()[0]!.text).toContain(`/productdetailpage/${MAT}`);
    // A second restock sends nothing: the request went with the first email.
    await setStock(0);
    await setStock(3);
    // The confirmation and the one back-in-stock email, and after a while still only those.
    await page.waitForTimeout(2_000);
    expect(backInStock()).toHaveLength(1);
  } finally {
    await setStock(0);
  }
});

test('a digital product offers no back-in-stock form; an in-stock one neither', async ({
  page,
}) => {
  await page.goto(`/productdetailpage/${seedProductId('rainier-sunrise-photo')}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: RESTOCK_TEXT.button })).toHaveCount(0);
  await page.goto(`/productdetailpage/${seedProductId('ferry-at-dusk-print')}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: RESTOCK_TEXT.button })).toHaveCount(0);
});
