import { randomUUID } from 'node:crypto';
import { enamelLine, SEATTLE } from './orders';

/**
 * A guest order of `quantity` Campfire Enamel Mugs placed over HTTP against a spawned server, as
 * the checkout does it: a sandbox card token, a quote, the confirmation (each order its own guest
 * email and idempotency key). Answers the status and the body.
 */
export async function placeGuestOrder(
  api: string,
  quantity = 1,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const tokenAnswer = await post('/payments/sandbox/tokens', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const items = [enamelLine(quantity)];
  const quote = (await (
    await post('/orders/quote', { items, shippingAddress: SEATTLE })
  ).json()) as Record<string, number>;
  const id = randomUUID();
  const answer = await post(
    '/orders/orderconfirmation',
    {
      shippingAddress: SEATTLE,
      billingAddress: SEATTLE,
      billingInfo: { paymentMethodId: token },
      items,
      subtotal: quote.subtotal,
      salesTax: quote.salesTax,
      total: quote.total,
      acceptedReturnPolicy: true,
      isGuest: true,
      guestContact: { firstname: 'Ada', lastname: 'Lovelace', email: `ada-${id}@example.com` },
    },
    { 'idempotency-key': id },
  );
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}
