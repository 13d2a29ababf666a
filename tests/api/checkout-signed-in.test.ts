import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../api/db/schema';
import { ORDER_LIMIT_MESSAGES } from '../../api/modules/orders/limits';
import { ORDER_MESSAGES } from '../../core/orders/model';
import { useApi } from '../helpers/api';
import { confirm, enamelLine, GUEST, guestOrder, sandboxToken } from '../helpers/orders';
import { authClient, bearer, expectNoLeaks, logIn, registerVerified } from './auth-helpers';

/** Issue 10 point 8: a signed-in shopper's checkout is the account's order. */
describe('signed-in checkout (POST /api/orders/orderconfirmation with a session)', () => {
  const api = useApi({ seed: true });
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  /** The review page's order for a signed-in shopper: no guest fields, no policy tick. */
  async function accountOrder(extra: Record<string, unknown> = {}) {
    const token = (await sandboxToken(api)).token;
    const order = await guestOrder(api, [enamelLine(1)], token);
    const { guestContact: _omitted, ...rest } = order;
    return { ...rest, isGuest: false, acceptedReturnPolicy: false, ...extra };
  }

  it('places the order as the account’s: its user id, name and email, the policy accepted', async () => {
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const [user] = await api.test.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email));

    const response = await confirm(
      { ...api, post: (path, body, init) => api.post(path, body, merge(init, token)) },
      await accountOrder(),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.order).toMatchObject({
      isGuest: false,
      guestContact: { firstname: 'Ann', lastname: 'Lee', email: account.email },
      paymentStatus: 'paid',
    });
    const [row] = await api.test.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, body.orderId));
    expect(row).toMatchObject({
      userId: user!.id,
      isGuest: false,
      email: account.email,
      acceptedReturnPolicy: true,
    });
  });

  it('ignores guest fields a signed-in request carries: the order is still the account’s', async () => {
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const order = await accountOrder({
      isGuest: true,
      acceptedReturnPolicy: true,
      guestContact: { ...GUEST, email: 'someone.else@example.com' },
    });
    const response = await api.post('/orders/orderconfirmation', order, {
      headers: { 'idempotency-key': randomUUID(), authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(201);
    const { orderId } = await response.json();
    const [row] = await api.test.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.email).toBe(account.email);
    expect(row!.isGuest).toBe(false);
    expect(row!.userId).not.toBeNull();
  });

  it('refuses an account order without a session (401), and with a refused token (401)', async () => {
    const order = await accountOrder();
    const before = await api.test.database.db.select().from(orders);
    expect((await confirm(api, order)).status).toBe(401);
    const body = await (await confirm(api, order)).json();
    expect(body.error).toBe(ORDER_MESSAGES.signInRequired);
    const forged = await api.post('/orders/orderconfirmation', order, {
      headers: { 'idempotency-key': randomUUID(), authorization: 'Bearer not.a.token' },
    });
    expect(forged.status).toBe(401);
    expect(await api.test.database.db.select().from(orders)).toHaveLength(before.length);
  });

  it('quotes for a signed-in shopper too', async () => {
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const quote = await api.post(
      '/orders/quote',
      { items: [enamelLine(1)], shippingAddress: (await accountOrder()).shippingAddress },
      bearer(token),
    );
    expect(quote.status).toBe(200);
  });

  it('counts a signed-in shopper’s orders against the account’s email (10 in 10 minutes)', async () => {
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    // Guest orders from the account's address count towards the same limit.
    for (let n = 0; n < 5; n += 1) {
      const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
      const guest = await confirm(api, {
        ...order,
        guestContact: { ...GUEST, email: account.email },
      });
      expect(guest.status).toBe(201);
    }
    for (let n = 0; n < 5; n += 1) {
      // A different guest email in the body does not dodge the account's count.
      const order = await accountOrder({
        guestContact: { ...GUEST, email: `dodge${n}@example.com` },
      });
      const placed = await api.post('/orders/orderconfirmation', order, {
        headers: { 'idempotency-key': randomUUID(), authorization: `Bearer ${token}` },
      });
      expect(placed.status).toBe(201);
    }
    const refused = await api.post('/orders/orderconfirmation', await accountOrder(), {
      headers: { 'idempotency-key': randomUUID(), authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(ORDER_LIMIT_MESSAGES.confirm);
    const mine = await api.test.database.db
      .select()
      .from(orders)
      .where(eq(orders.email, account.email));
    expect(mine).toHaveLength(10);
  });
});

function merge(init: RequestInit | undefined, token: string): RequestInit {
  return { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } };
}
