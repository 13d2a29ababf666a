import { expect } from 'vitest';
import { createOrPromoteAdmin } from '../../api/modules/admin/accounts';
import { shopDetails } from '../../api/modules/mail/templates';
import type { ApiHarness } from '../helpers/api';
import { confirm, GUEST, guestOrder, mugLine, sandboxToken } from '../helpers/orders';
import { authClient, freshEmail, linkIn, logIn, PASSWORD, type LoggedIn } from './auth-helpers';

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
