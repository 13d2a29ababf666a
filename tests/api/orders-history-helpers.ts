import { eq } from 'drizzle-orm';
import { orders, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import type { ApiHarness } from '../helpers/api';
import { confirm, GUEST, guestOrder, type Line, sandboxToken } from '../helpers/orders';

let placed = 0;

/**
 * A paid order of a signed-in customer. Signed-in checkout is being built elsewhere, so the order
 * is placed through the real guest checkout (quote, sandbox token, confirmation) and then given to
 * the customer's account in the database; `email` keeps it a guest order with that address.
 */
export async function placeOrder(
  api: ApiHarness,
  lines: Line[],
  owner: { userId?: string; email?: string } = {},
): Promise<{ id: string; number: number }> {
  placed += 1;
  const email = owner.email ?? `history.${placed}.${Date.now().toString(36)}@example.com`;
  const token = (await sandboxToken(api)).token;
  const order = await guestOrder(api, lines, token, undefined, { ...GUEST, email });
  const response = await confirm(api, order);
  if (response.status !== 201)
    throw new Error(`confirm ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { orderId: string; order: { orderNumber: number } };
  if (owner.userId) {
    await api.test.database.db
      .update(orders)
      .set({ userId: owner.userId, isGuest: false })
      .where(eq(orders.id, body.orderId));
  }
  return { id: body.orderId, number: body.order.orderNumber };
}

export async function setStock(api: ApiHarness, slug: string, quantity: number) {
  await api.test.database.db
    .update(products)
    .set({ quantity })
    .where(eq(products.id, seedProductId(slug)));
}

export interface RefundProbe {
  /** Refunds that reached the sandbox (after the failures). */
  refunds: { reference: string; key: string }[];
  /** How many of the next refunds fail before reaching the gateway. */
  failNext: number;
}

/** The sandbox gateway with a switch that makes refunds fail, counting those that went through. */
export function refundProbeSandbox(api: ApiHarness, probe: RefundProbe) {
  const sandbox = sandboxPayments(api.test.database.db, 'history-test-secret-history-test');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    charge: (request) => sandbox.gateway.charge(request),
    refund: async (reference, key) => {
      if (probe.failNext > 0) {
        probe.failNext -= 1;
        throw new Error('gateway timeout');
      }
      probe.refunds.push({ reference, key });
      return sandbox.gateway.refund(reference, key);
    },
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}
