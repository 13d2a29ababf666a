import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { seedProductId } from '../../../api/db/seed';
import { linkFromMail, mails, ownAddress } from './account';
import { placeGuestOrder, type OrderLine } from './orders';
import { ownerAuthorization } from './owner';

/**
 * Set-ups of the states accessibility.spec.ts scans (issue 37 point 5): what a longer task leaves
 * on a page, made through the API where that task is not what is checked (it is driven through
 * the pages by its own spec).
 */

export const ORDER_BOWL = {
  _id: seedProductId('stoneware-berry-bowl'),
  title: 'Huckleberry Stoneware Bowl',
  sku: 'EG-BOWL-HUCK',
  price: 36,
};
export const ORDER_MUG = {
  _id: seedProductId('campfire-enamel-mug'),
  title: 'Campfire Enamel Mug',
  sku: 'EG-MUG-ENAMEL',
  price: 19,
};

/** A registered account, verified through its emailed link; answers its email. */
export async function verifiedAccount(
  request: APIRequestContext,
  label: string,
  password: string,
): Promise<string> {
  const email = `a11y-${label}-${Date.now()}@example.com`;
  const registered = await request.post('/api/auth/register', {
    headers: ownAddress(),
    data: { username: email, password, firstname: 'Ada', lastname: 'Scan', acceptedPolicy: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verify = new URL(await linkFromMail(email, '/verifyemail'), 'http://x');
  expect((await request.get(`/api/auth/verify-email${verify.search}`)).status()).toBe(200);
  return email;
}

/** The first mail to `email` whose subject matches, once the mail worker has written it. */
export async function mailTo(email: string, subject: RegExp) {
  let found: ReturnType<typeof mails>[number] | undefined;
  await expect
    .poll(() => {
      found = mails().find((mail) => mail.to.includes(email) && subject.test(mail.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** Moves an order on as the owner does (ship, deliver) through the back office's API. */
export async function ownerMoves(request: APIRequestContext, id: string, step: string) {
  const data = step === 'ship' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : {};
  const moved = await request.post(`/api/admin/orders/${id}/${step}`, {
    headers: await ownerAuthorization(request),
    data,
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** A guest order of `lines` for `email`, delivered; answers it and its order-status link. */
export async function deliveredGuestOrder(
  request: APIRequestContext,
  lines: OrderLine[],
  email: string,
) {
  const order = await placeGuestOrder(request, lines, {
    firstname: 'Ada',
    lastname: 'Scan',
    email,
  });
  const receipt = await mailTo(email, new RegExp(`order ${order.number} is confirmed`));
  const statusPath = /https?:\/\/[^\s"<>\]]+(\/orderstatus\?t=[\w.-]+)/.exec(receipt.text)![1]!;
  for (const step of ['ship', 'deliver']) await ownerMoves(request, order.id, step);
  return { ...order, statusPath };
}

/**
 * A verified customer's delivered order with a return requested (as the account's order page
 * sends it); answers the order and the return's id in the owner's inbox.
 */
export async function returnRequested(request: APIRequestContext) {
  const password = 'granite osprey meadow';
  const email = await verifiedAccount(request, 'returner', password);
  const order = await deliveredGuestOrder(request, [{ ...ORDER_BOWL, quantity: 2 }], email);
  const login = await request.post('/api/auth/login', { data: { username: email, password } });
  const { token } = (await login.json()) as { token: string };
  const started = await request.post('/api/orders/return', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: order.id, message: 'The bowl is smaller than I expected.' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const owner = await ownerAuthorization(request);
  const inbox = (await (await request.get('/api/admin/inbox', { headers: owner })).json()) as {
    items: { kind: string; id: string; orderId: string | null }[];
  };
  const returned = inbox.items.find((item) => item.kind === 'return' && item.orderId === order.id);
  return { order, returnId: returned!.id };
}

/** The return approved, received and one unit refunded, through the back office's API. */
export async function partlyRefunded(request: APIRequestContext, returnId: string) {
  const owner = await ownerAuthorization(request);
  for (const step of ['approve', 'receive']) {
    const moved = await request.post(`/api/admin/returns/${returnId}/${step}`, {
      headers: owner,
      data: {},
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const detail = (await (
    await request.get(`/api/admin/returns/${returnId}`, { headers: owner })
  ).json()) as { lines: { id: string }[] };
  const refunded = await request.post(`/api/admin/returns/${returnId}/refund`, {
    headers: owner,
    data: {
      idempotencyKey: randomUUID(),
      lines: [{ orderItemId: detail.lines[0]!.id, quantity: 1 }],
    },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);
}

/** Scans the page as it is at each of `sizes` (the same state, on a laptop and a phone). */
export async function atSizes(
  page: Page,
  sizes: readonly { width: number; height: number }[],
  scan: () => Promise<void>,
) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await scan();
  }
}
