import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { GIFT_CARD_LABELS, GIFT_CARD_TEXTS, shopToday } from '../../core/gift-cards/model';
import { browseFromOwnAddress, hydrated, mails, ownAddress } from './support/account';
import { ownerAuthorization } from './support/owner';
import { SEATTLE, seedCart } from './support/orders';

browseFromOwnAddress();

/*
 * Issue 26 item 3: a gift card bought for a friend arrives by email (the server's delivery job)
 * with a working code; the code pays part of a second order at the billing step (the rest by the
 * 4242 card); the balance page says what is left; the owner's cancel of that order gives the
 * card's part back. The delivery date itself (a day ahead, the shop's clock) is proven in
 * tests/api/gift-cards.test.ts with an injected clock: a running server has only the real one.
 */

const FRIEND = `friend.${randomUUID().slice(0, 8)}@example.com`;
const CODE = /\b([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})\b/;

const enamel = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
  // Two mugs ($41.93 with Seattle's tax): more than the card's $25.
  quantity: 2,
  supplier: 'warehouse',
  category: 'home',
  stock: 40,
};

/** Grace checks out as a guest to Seattle and applies the card's code at the billing step. */
async function shipToSeattleAndApply(page: Page, code: string) {
  await page.goto('/shipping');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(FRIEND);
  await page.getByLabel('Address Line 1').fill(SEATTLE.line1);
  await page.getByLabel('City').fill(SEATTLE.city);
  await page.getByLabel('State').selectOption(SEATTLE.state);
  await page.getByLabel('ZIP Code').fill(SEATTLE.zipcode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  // The code box keeps only what is typed once the billing step is live.
  await hydrated(page, 'BillingStep');
  await page.getByLabel(GIFT_CARD_LABELS.code).fill(code);
  await page.getByRole('button', { name: GIFT_CARD_LABELS.apply }).click();
}

test('a gift card for a friend arrives with a working code, pays part of an order, and a cancel gives its part back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The product page offers the card with its recipient fields and its no-expiry terms.
  await page.goto(`/productdetailpage/${seedProductId('evergreen-gift-card')}`);
  await expect(page.getByLabel(GIFT_CARD_LABELS.recipientEmail)).toBeVisible();
  await expect(page.getByText(GIFT_CARD_TEXTS.noExpiry).first()).toBeVisible();

  // A guest buys a $25 card for a friend, due today.
  const token = await request.post('/api/payments/sandbox/tokens', {
    data: { number: '4242 4242 4242 4242', expMonth: 11, expYear: 2031, cvc: '123' },
  });
  const card = {
    _id: seedProductId('evergreen-gift-card'),
    title: 'Evergreen Gift Card',
    sku: 'EG-GIFTCARD-25',
    price: 25,
    quantity: 1,
    giftCard: {
      recipientName: 'Grace Hopper',
      recipientEmail: FRIEND,
      message: 'Happy birthday, Grace!',
      deliverOn: shopToday(),
    },
  };
  const quote = await request.post('/api/orders/quote', {
    data: { items: [card], billingAddress: SEATTLE },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const figures = (await quote.json()) as { subtotal: number; salesTax: number; total: number };
  expect(figures).toMatchObject({ subtotal: 25, total: 25 });
  const bought = await request.post('/api/orders/orderconfirmation', {
    headers: { 'idempotency-key': randomUUID(), ...ownAddress() },
    data: {
      shippingAddress: null,
      billingAddress: SEATTLE,
      billingInfo: {
        paymentMethodId: ((await token.json()) as { token: string }).token,
        last4Number: '4242',
        stored: false,
      },
      items: [card],
      subtotal: figures.subtotal,
      salesTax: figures.salesTax,
      total: figures.total,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada.giver@example.com' },
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);

  // The delivery job (every minute) emails the friend the card, once, with its code.
  let code = '';
  await expect
    .poll(
      () => {
        const found = mails().filter((mail) => mail.to.includes(FRIEND));
        code = CODE.exec(found[0]?.text ?? '')?.[1] ?? '';
        // Counted once its code can be read (a mail file half written has none yet).
        return code ? found.length : 0;
      },
      { timeout: 90_000, intervals: [2_000], message: `the gift card email to ${FRIEND}` },
    )
    .toBe(1);
  const email = mails().find((mail) => mail.to.includes(FRIEND))!;
  expect(email.text).toContain('Happy birthday, Grace!');
  expect(email.text).toContain(GIFT_CARD_TEXTS.noExpiry);

  // The friend pays for a mug: the card's $25 first, the 4242 card the rest.
  await seedCart(page, [enamel]);
  await shipToSeattleAndApply(page, code.toLowerCase());
  await expect(page.getByText(GIFT_CARD_LABELS.applied(code.slice(-4), '$25.00'))).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const parts = page.getByTestId('paid-parts');
  await expect(parts).toContainText(GIFT_CARD_LABELS.paidByGiftCard(code.slice(-4)));
  await expect(parts).toContainText('−$25.00');
  await expect(parts).toContainText(`${GIFT_CARD_LABELS.paidByCard}$16.93`);
  await page.getByLabel('I agree to the Return Policy').check();
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  // The receipt names each instrument and its amount (issue 35).
  await expect(page.getByTestId('paid-with')).toContainText(
    `Gift card ending in ${code.slice(-4)} — $25.00`,
  );
  await expect(page.getByTestId('paid-with')).toContainText('Visa ending in 4242 — $16.93');
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();

  // Nothing is left on the card.
  await page.goto('/giftcard/balance');
  await page.getByLabel(GIFT_CARD_LABELS.code).fill(code);
  await page.getByRole('button', { name: GIFT_CARD_LABELS.check }).click();
  await expect(page.getByTestId('gift-card-balance')).toContainText('Balance: $0.00');

  // The owner cancels the order: the card's $25 goes back to it, and the buyer is told.
  const headers = await ownerAuthorization(request);
  const list = await request.get(`/api/admin/orders?q=${orderNumber}`, { headers });
  const listed = (await list.json()) as { orders?: { id: string; number: number }[] };
  const order = (listed.orders ?? []).find((entry) => String(entry.number) === orderNumber);
  expect(order, JSON.stringify(listed).slice(0, 500)).toBeTruthy();
  const canceled = await request.post(`/api/admin/orders/${order!.id}/cancel`, {
    headers,
    data: { reason: 'out_of_stock' },
  });
  expect(canceled.status(), await canceled.text()).toBe(200);
  await page.getByRole('button', { name: GIFT_CARD_LABELS.check }).click();
  await expect(page.getByTestId('gift-card-balance')).toContainText('Balance: $25.00');
  await expect
    .poll(() =>
      mails().some(
        (mail) =>
          mail.to.includes(FRIEND) &&
          mail.text.includes('We returned $25.00 to your gift card first'),
      ),
    )
    .toBe(true);

  // With its $25 back, the card alone pays for one mug ($20.97 with Seattle's tax): the billing
  // step asks for no payment card, and the balance keeps what is left.
  await page.evaluate(
    (cart) => localStorage.setItem('cart', cart),
    JSON.stringify([{ ...enamel, quantity: 1 }]),
  );
  await shipToSeattleAndApply(page, code);
  await expect(page.getByText(GIFT_CARD_LABELS.coversAll)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(GIFT_CARD_LABELS.coversAll)).toBeVisible();
  await expect(page.getByTestId('paid-parts')).toContainText('−$20.97');
  await expect(page.getByTestId('paid-parts')).toContainText(`${GIFT_CARD_LABELS.paidByCard}$0.00`);
  await page.getByLabel('I agree to the Return Policy').check();
  await page.getByRole('button', { name: 'This is a test site, do not click' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await page.goto('/giftcard/balance');
  await page.getByLabel(GIFT_CARD_LABELS.code).fill(code);
  await page.getByRole('button', { name: GIFT_CARD_LABELS.check }).click();
  await expect(page.getByTestId('gift-card-balance')).toContainText('Balance: $4.03');
});
