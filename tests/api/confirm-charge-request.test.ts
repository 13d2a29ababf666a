import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { AppError } from '../../api/lib/errors';
import { shopDetails } from '../../api/modules/mail/templates';
import type { ChargeRequest, PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { useApi, type ApiHarness } from '../helpers/api';
import {
  enamelLine,
  GUEST,
  guestOrder,
  productStock,
  sandboxToken,
  SEATTLE,
} from '../helpers/orders';
import { bought, buy, cardLine, freshEmail, plentyOfMugs } from './order-close-helpers';

/*
 * What the confirmation asks the gateway for (api/modules/orders/confirm-order.ts, issue 35
 * point 9): the card's part only (the total less the gift card's), in dollars' cents, under the
 * order's charge key, described as the shop's order and tagged with the request's key, the charge
 * key and the order; and what a refusal of the request itself (INVALID_DATA, as a token the
 * gateway cannot read) does: the order ends payment_failed with its stock back, where a gateway
 * that could not be reached leaves it pending for the recovery job.
 */
const gate: { asked: ChargeRequest[]; throws?: AppError } = { asked: [] };

function askingSandbox(api: ApiHarness) {
  const sandbox = sandboxPayments(api.test.database.db, 'confirm-charge-request-secret-0123456');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      gate.asked.push(request);
      if (gate.throws) throw gate.throws;
      return sandbox.gateway.charge(request);
    },
    refund: (reference, key, amountCents) => sandbox.gateway.refund(reference, key, amountCents),
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

describe('the charge a confirmation asks for (issue 35)', () => {
  const api: ApiHarness = useApi({ seed: true, dependencies: () => askingSandbox(api) });
  const db = () => api.test.database.db;
  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  let ips = 0;
  const confirmWith = (body: unknown, key: string) =>
    api.post('/orders/orderconfirmation', body, {
      headers: { [CLIENT_IP_HEADER]: `10.36.0.${(ips += 1)}`, 'idempotency-key': key },
    });

  it('a gift card and a card: the card is asked for the rest, under the order’s charge key, described and tagged', async () => {
    await plentyOfMugs(api);
    const owner = freshEmail('card-owner');
    const { codes } = await bought(await buy(api, [cardLine(10, owner)], owner));
    gate.asked = [];
    const { token } = await sandboxToken(api);
    const body = await guestOrder(api, [enamelLine(2)], token, SEATTLE, {
      ...GUEST,
      email: freshEmail('split'),
    });
    const key = randomUUID();
    const answer = await bought(await confirmWith({ ...body, giftCardCode: codes[0]!.code }, key));
    const row = await rowOf(answer.orderId);
    expect(row.giftCardCents).toBe(1000);
    expect(gate.asked).toEqual([
      {
        amountCents: answer.totalCents - 1000,
        currency: 'usd',
        paymentMethodId: token,
        idempotencyKey: row.chargeKey,
        description: `${shopDetails().siteName} order`,
        metadata: { idempotencyKey: key, chargeKey: row.chargeKey, orderId: answer.orderId },
      },
    ]);
    const rows = await db().select().from(payments).where(eq(payments.orderId, answer.orderId));
    expect(rows.map((payment) => [payment.method, payment.amountCents]).sort()).toEqual([
      ['gift_card', 1000],
      ['sandbox', answer.totalCents - 1000],
    ]);
  });

  it('a charge the gateway refuses as invalid ends the order payment_failed, its stock back; one it could not reach leaves it pending', async () => {
    await plentyOfMugs(api);
    const stock = await productStock(db(), 'campfire-enamel-mug');
    const place = async (error: AppError) => {
      gate.throws = error;
      const { token } = await sandboxToken(api);
      const email = freshEmail('refused');
      const body = await guestOrder(api, [enamelLine(1)], token, SEATTLE, { ...GUEST, email });
      const response = await confirmWith(body, randomUUID()).finally(() => {
        gate.throws = undefined;
      });
      const [row] = await db().select().from(orders).where(eq(orders.email, email));
      return { status: response.status, row: row! };
    };

    const invalid = await place(new AppError('INVALID_DATA', 'The card details are not valid.'));
    expect(invalid.status).toBe(400);
    expect(invalid.row).toMatchObject({
      shippingStatus: 'payment_failed',
      paymentStatus: 'failed',
    });
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock);

    const unreachable = await place(new AppError('UNAVAILABLE', 'gateway unreachable'));
    expect(unreachable.status).toBe(503);
    expect(unreachable.row.shippingStatus).toBe('pending_payment');
    expect(await productStock(db(), 'campfire-enamel-mug')).toBe(stock! - 1);
  });
});
