import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderItems, orders, returnRequestItems, returnRequests, users } from '../../api/db/schema';
import { createOrPromoteAdmin } from '../../api/modules/admin/accounts';
import { shopDetails } from '../../api/modules/mail/templates';
import type { ApiHarness } from '../helpers/api';
import { confirm, GUEST, guestOrder, mugLine, sandboxToken, type Line } from '../helpers/orders';
import { placeOrder } from './orders-history-helpers';
import {
  authClient,
  freshEmail,
  linkIn,
  logIn,
  PASSWORD,
  registerVerified,
  type LoggedIn,
} from './auth-helpers';

/** An admin made as `npm run admin:create` makes one, its password set through the link, signed in. */
export async function signedInAdmin(api: ApiHarness, email = freshEmail('owner')) {
  const made = await createOrPromoteAdmin(api.test.database.db, shopDetails(), { email });
  const link = linkIn(made.link, '/resetpassword');
  const reset = await api.post('/auth/reset-password', {
    token: link.token,
    email: link.email,
    newPassword: PASSWORD,
  });
  expect(reset.status).toBe(200);
  const client = authClient(api);
  const session: LoggedIn = await logIn(client, { email, password: PASSWORD });
  return { email, token: session.token, made };
}

let orderCount = 0;
/** A paid guest order (unfulfilled), from its own email; answers its id. */
export async function paidOrder(api: ApiHarness, email?: string): Promise<string> {
  const { token } = await sandboxToken(api);
  orderCount += 1;
  const order = await guestOrder(api, [mugLine(1)], token, undefined, {
    ...GUEST,
    email: email ?? `admin.buyer.${orderCount}.${Date.now().toString(36)}@example.com`,
  });
  const response = await confirm(api, order);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

/**
 * A delivered order of a signed-in customer with a return request for all of its lines, written
 * as the customer's "Start a Return" writes it (the customer flow is tested in orders-history).
 */
export async function returnRequestFor(
  api: ApiHarness,
  customer: { id: string; email: string },
  lines: Line[] = [mugLine(2)],
) {
  const order = await placeOrder(api, lines, { userId: customer.id, email: customer.email });
  const db = api.test.database.db;
  await db
    .update(orders)
    .set({ shippingStatus: 'delivered', shippedAt: new Date(), deliveredAt: new Date() })
    .where(eq(orders.id, order.id));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const [request] = await db
    .insert(returnRequests)
    .values({ orderId: order.id, userId: customer.id, message: 'The mugs are the wrong green.' })
    .returning();
  await db.insert(returnRequestItems).values(
    items.map((item) => ({
      returnRequestId: request!.id,
      orderItemId: item.id,
      quantity: item.quantity,
    })),
  );
  return { order, requestId: request!.id, items };
}

/** A verified customer account (id and email), made through registration. */
export async function customerAccount(api: ApiHarness) {
  const client = authClient(api);
  const account = await registerVerified(client, api, freshEmail('returner'));
  const [row] = await api.test.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, account.email));
  return row!;
}
