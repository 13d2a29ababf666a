import { randomUUID } from 'node:crypto';
import type { ApiHarness } from '../helpers/api';
import { enamelLine, guestOrder } from '../helpers/orders';

/** A signed-in shopper's order as the review page sends it, paid with the billing info given. */
export async function accountOrder(api: ApiHarness, billingInfo: Record<string, unknown>) {
  const order = await guestOrder(api, [enamelLine(1)], 'unused');
  const { guestContact: _omitted, ...rest } = order;
  return {
    ...rest,
    billingInfo: { ...order.billingInfo, ...billingInfo },
    isGuest: false,
  };
}

export function confirmAs(api: ApiHarness, token: string, order: unknown) {
  return api.post('/orders/orderconfirmation', order, {
    headers: { 'idempotency-key': randomUUID(), authorization: `Bearer ${token}` },
  });
}

export function deletePayment(api: ApiHarness, id: string, token?: string) {
  return api.app.handle(
    new Request('http://localhost/api/user/payment', {
      method: 'DELETE',
      body: JSON.stringify({ _id: id }),
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    }),
  );
}
