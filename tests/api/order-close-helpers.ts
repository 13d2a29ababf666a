import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { giftCardLedger, giftCards, orderRefunds, products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { hashGiftCardCode } from '../../api/modules/gift-cards/codes';
import type { PaymentGateway } from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import { shopToday } from '../../core/gift-cards/model';
import type { ApiHarness } from '../helpers/api';
import { GUEST, guestOrder, sandboxToken, SEATTLE, type Line } from '../helpers/orders';

/**
 * A line of the seeded Evergreen Gift Card for `recipientEmail`, due today: a custom amount, or
 * one of the fixed $25, $50, $100 (`fixed`).
 */
export function cardLine(
  dollars: number,
  recipientEmail: string,
  { fixed = false, deliverOn = shopToday() } = {},
) {
  return {
    _id: seedProductId('evergreen-gift-card'),
    title: 'Evergreen Gift Card',
    sku: fixed ? `EG-GIFTCARD-${dollars}` : 'EG-GIFTCARD-CUSTOM',
    quantity: 1,
    price: dollars,
    giftCard: {
      recipientName: 'Grace Hopper',
      recipientEmail,
      deliverOn,
      ...(fixed ? {} : { amount: dollars }),
    },
  } as unknown as Line;
}

/** Every refund the sandbox gateway was asked for, with its key and amount (undefined: whole). */
export interface RefundLog {
  refunds: { reference: string; key: string; amountCents?: number }[];
}

/** The sandbox gateway, recording each refund asked of it. */
export function recordingSandbox(api: ApiHarness, log: RefundLog) {
  const sandbox = sandboxPayments(api.test.database.db, 'order-close-test-secret-0123456789');
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    charge: (request) => sandbox.gateway.charge(request),
    refund: async (reference, key, amountCents) => {
      log.refunds.push({ reference, key, amountCents });
      return sandbox.gateway.refund(reference, key, amountCents);
    },
    lookup: (key) => sandbox.gateway.lookup(key),
  };
  return { payments: { gateway, sandbox } };
}

let ips = 0;
/** A fresh client address and idempotency key per request (the per-address limits are elsewhere). */
export const fresh = () => ({
  headers: {
    [CLIENT_IP_HEADER]: `10.35.${Math.floor(ips / 250)}.${(ips++ % 250) + 1}`,
    'idempotency-key': randomUUID(),
  },
});

export const freshEmail = (who: string) => `${who}.${randomUUID().slice(0, 8)}@example.com`;

/** A guest order paid by a sandbox card (and a gift card code, with `extra`). */
export async function buy(
  api: ApiHarness,
  items: Line[],
  email = freshEmail('buyer'),
  extra: Record<string, unknown> = {},
) {
  const { token } = await sandboxToken(api);
  const order = await guestOrder(api, items, token, SEATTLE, { ...GUEST, email });
  return api.post('/orders/orderconfirmation', { ...order, ...extra }, fresh());
}

/**
 * A guest order paid by a gift card alone (no payment card), quoted now and sent when the answer
 * is called (so a race is of the confirmation alone).
 */
export async function spendLater(api: ApiHarness, items: Line[], code: string) {
  const order = await guestOrder(api, items, '', SEATTLE, {
    ...GUEST,
    email: freshEmail('spender'),
  });
  const body = {
    ...order,
    billingInfo: { paymentMethodId: '', stored: false },
    giftCardCode: code,
  };
  return () => api.post('/orders/orderconfirmation', body, fresh());
}

/** A guest order paid by a gift card alone (no payment card). */
export async function spend(api: ApiHarness, items: Line[], code: string) {
  return (await spendLater(api, items, code))();
}

export interface Bought {
  orderId: string;
  totalCents: number;
  statusUrl: string;
  codes: { code: string; last4: string }[];
}

export async function bought(response: Response): Promise<Bought> {
  if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
  const body = (await response.json()) as {
    orderId: string;
    order: { total: number; statusUrl: string; giftCardCodes?: { code: string; last4: string }[] };
  };
  return {
    orderId: body.orderId,
    totalCents: Math.round(body.order.total * 100),
    statusUrl: body.order.statusUrl,
    codes: body.order.giftCardCodes ?? [],
  };
}

/** The card a code opens. */
export async function cardOf(api: ApiHarness, code: string) {
  const [card] = await api.test.database.db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashGiftCardCode(code)));
  return card!;
}

export async function balanceCents(api: ApiHarness, cardId: string) {
  const [row] = await api.test.database.db
    .select({ cents: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, cardId));
  return Number(row!.cents);
}

/** What a card paid for, in cents: its redemptions less what came back to it. */
export async function spentCents(api: ApiHarness, cardId: string) {
  const [row] = await api.test.database.db
    .select({ cents: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
    .from(giftCardLedger)
    .where(
      and(
        eq(giftCardLedger.giftCardId, cardId),
        sql`${giftCardLedger.kind} in ('redemption', 'refund')`,
      ),
    );
  return -Number(row!.cents);
}

/** The refunds recorded for an order, in cents (those not failed). */
export async function refundedCents(api: ApiHarness, orderId: string) {
  const rows = await api.test.database.db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return rows.filter((row) => row.status !== 'failed');
}

/** Enough stock of the enamel mug for many orders. */
export async function plentyOfMugs(api: ApiHarness) {
  await api.test.database.db
    .update(products)
    .set({ quantity: 100_000 })
    .where(eq(products.id, seedProductId('campfire-enamel-mug')));
}
