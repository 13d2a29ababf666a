import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LINE_REFUND_TEXT, lineTaxShare } from '../../core/admin/line-refund';
import { formatCents } from '../../core/money';
import { hydrated, mails } from './support/account';
import { ENAMEL_MUG, placeGuestOrder } from './support/orders';
import { ownerAuthorization, ownerLogsIn } from './support/owner';

/*
 * Issue 39 items 7 and 12, through the owner's pages: a refund of one unit of a $19 line from the
 * order page (the amount shown before the confirm, the customer's email), and two orders shipped
 * at once from the orders list (one by UPS, one by untracked letter mail). Orders are placed
 * through the API; the owner's tasks go through the pages.
 */

const guest = (who: string) => ({
  firstname: 'Robin',
  lastname: 'Cedar',
  email: `${who}.${randomUUID().slice(0, 8)}@example.com`,
});

test('the owner refunds one unit of a line from the order page', async ({ page, request }) => {
  const buyer = guest('refund-one');
  const order = await placeGuestOrder(request, [{ ...ENAMEL_MUG, quantity: 2 }], buyer);
  // The line's own tax, as the server keeps it: one unit gives back its price and half of it.
  const detail = await request.get(`/api/admin/orders/${order.id}`, {
    headers: await ownerAuthorization(request),
  });
  const { items } = (await detail.json()) as {
    items: { id: string; quantity: number; unitPriceCents: number; taxCents: number }[];
  };
  const line = items[0]!;
  const amount = formatCents(
    line.unitPriceCents + lineTaxShare({ ...line, refundedQuantity: 0 }, 1),
  );

  await ownerLogsIn(page, `/admin/orders/${order.id}`);
  await hydrated(page, 'AdminOrder');
  await page.getByRole('button', { name: 'Refund items' }).click();
  const form = page.getByRole('form', { name: 'Refund items' });
  await form.getByLabel('Campfire Enamel Mug (2 of 2 can be refunded)').fill('1');
  await form.getByLabel(/^Why/).fill('The handle arrived cracked.');
  await expect(form.getByLabel(LINE_REFUND_TEXT.restock)).not.toBeChecked();
  await expect(form.getByTestId('refund-amount')).toHaveText(`Amount to refund: ${amount}`);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText(LINE_REFUND_TEXT.confirm(amount, order.number, false))).toBeVisible();
  await form.getByRole('button', { name: 'Yes, refund' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: LINE_REFUND_TEXT.done(amount) }),
  ).toBeVisible();
  await expect(page.getByTestId('money-refunded')).toHaveText(amount);
  await expect(page.getByTestId('order-status')).toHaveText('Unfulfilled');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `Refunded ${amount} for 1 × Campfire Enamel Mug` }),
  ).toContainText('(reason: The handle arrived cracked.)');
  // One unit is left to refund.
  await page.getByRole('button', { name: 'Refund items' }).click();
  await expect(page.getByLabel('Campfire Enamel Mug (1 of 2 can be refunded)')).toBeVisible();
  await expect
    .poll(() =>
      mails().filter(
        (mail) =>
          mail.to.includes(buyer.email) && mail.subject === `Refund for order ${order.number}`,
      ),
    )
    .toEqual([expect.objectContaining({ text: expect.stringContaining(`We refunded ${amount}`) })]);
});

test('the owner ships two orders at once from the orders list', async ({ page, request }) => {
  const tag = `bulk-${randomUUID().slice(0, 8)}`;
  const first = await placeGuestOrder(request, [ENAMEL_MUG], guest(`${tag}.a`));
  const second = await placeGuestOrder(request, [ENAMEL_MUG], guest(`${tag}.b`));

  await ownerLogsIn(page, `/admin/orders?status=unfulfilled&q=${tag}`);
  await hydrated(page, 'AdminOrders');
  await page.getByRole('checkbox', { name: `Select order ${first.number}` }).check();
  await page.getByRole('checkbox', { name: `Select order ${second.number}` }).check();
  await page.getByRole('button', { name: 'Ship 2 selected' }).click();
  const one = page.getByRole('group', { name: `Order ${first.number}` });
  await one.getByLabel('Carrier').selectOption('UPS');
  await one.getByLabel('Tracking number').fill('1Z999AA10123456784');
  const two = page.getByRole('group', { name: `Order ${second.number}` });
  await two.getByLabel('Carrier').selectOption('none');
  await expect(two.getByLabel('Tracking number (optional)')).toBeEmpty();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Yes, mark them shipped' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Shipped 2 orders; each customer was emailed.' }),
  ).toBeVisible();

  for (const [placed, what] of [
    [first, 'Tracking number: 1Z999AA10123456784'],
    [second, 'Sent by untracked letter mail'],
  ] as const) {
    await expect
      .poll(() =>
        mails()
          .filter((mail) => mail.subject === `Order ${placed.number} has shipped`)
          .map((mail) => mail.text.includes(what)),
      )
      .toEqual([true]);
  }
  await page.goto(`/admin/orders/${second.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await expect(
    page.getByText('Sent by untracked letter mail: it has no tracking number.'),
  ).toBeVisible();
});
