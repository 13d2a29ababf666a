import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { ORDER_LIMIT_MESSAGES } from '../../api/modules/orders/limits';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { useApi } from '../helpers/api';
import { enamelLine, GUEST, guestOrder, SEATTLE, sandboxToken } from '../helpers/orders';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('abuse limits on the order routes', () => {
  const api = useApi({ seed: true });
  const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip });
  const confirmFrom = (ip: string, order: unknown, key = crypto.randomUUID()) =>
    api.post('/orders/orderconfirmation', order, {
      headers: { ...from(ip), 'idempotency-key': key },
    });

  async function expectRefusals(answers: Response[], allowed: number, message: string) {
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.length - refused.length).toBe(allowed);
    for (const answer of refused) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await answer.json()).error).toBe(message);
    }
  }

  it.runIf(onPostgres)(
    'lets one address confirm 20 orders in 10 minutes, even 40 at once (PostgreSQL)',
    async () => {
      const order = await guestOrder(api, [enamelLine(1)], 'tok_unused');
      // A wrong total: refused after the limit is counted, so nothing is bought.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          confirmFrom('203.0.113.10', {
            ...order,
            total: 1,
            guestContact: { ...GUEST, email: `many${n}@example.com` },
          }),
        ),
      );
      await expectRefusals(answers, 20, ORDER_LIMIT_MESSAGES.confirm);
    },
  );

  it.runIf(onPostgres)(
    'lets one email confirm 10 orders in 10 minutes from any addresses (PostgreSQL)',
    async () => {
      const order = await guestOrder(api, [enamelLine(1)], 'tok_unused', SEATTLE, {
        ...GUEST,
        email: 'one-email@example.com',
      });
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, n) =>
          confirmFrom(`198.51.100.${n}`, { ...order, total: 1 }),
        ),
      );
      await expectRefusals(answers, 10, ORDER_LIMIT_MESSAGES.confirm);
    },
  );

  it.runIf(onPostgres)(
    'limits sandbox card tokens and quotes per address (PostgreSQL)',
    async () => {
      const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
      const tokens = await Promise.all(
        Array.from({ length: 40 }, () =>
          api.post('/payments/sandbox/tokens', card, { headers: from('192.0.2.50') }),
        ),
      );
      await expectRefusals(
        tokens,
        30,
        'Too many card entries. Please wait a few minutes before trying again.',
      );
      const quotes = await Promise.all(
        Array.from({ length: 140 }, () =>
          api.post(
            '/orders/quote',
            { items: [enamelLine(1)], shippingAddress: SEATTLE },
            { headers: from('192.0.2.51') },
          ),
        ),
      );
      await expectRefusals(quotes, 120, ORDER_LIMIT_MESSAGES.quote);
    },
  );

  it('counts declines from one IPv6 /64 as one address (issue 36 row 18)', async () => {
    const declined = (await sandboxToken(api, '4000 0000 0000 0002')).token;
    const order = (n: number) =>
      guestOrder(api, [enamelLine(1)], declined, SEATTLE, {
        ...GUEST,
        email: `v6-tester-${n}@example.com`,
      });
    for (let n = 1; n <= 3; n += 1) {
      const answer = await confirmFrom(`2001:db8:66:7::${n}`, await order(n));
      expect(answer.status).toBe(402);
    }
    // Another address of the same /64, another email: still the same card tester.
    const blocked = await confirmFrom('2001:db8:66:7::ff', await order(4));
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toBe(ORDER_LIMIT_MESSAGES.declines);
  });

  it('slows repeated declined cards down sharply: two free, then a doubling wait', async () => {
    const { db } = api.test.database;
    const ip = '203.0.113.66';
    const declined = (await sandboxToken(api, '4000 0000 0000 0002')).token;
    const contact = { ...GUEST, email: 'card-tester@example.com' };
    const order = await guestOrder(api, [enamelLine(1)], declined, SEATTLE, contact);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const answer = await confirmFrom(ip, order);
      expect(answer.status).toBe(402);
      expect((await answer.json()).error).toBe(PAYMENT_MESSAGES.declined);
    }
    // The third decline started a 30 s wait, for the address and the email.
    const blocked = await confirmFrom(ip, order);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect((await blocked.json()).error).toBe(ORDER_LIMIT_MESSAGES.declines);
    const otherAddress = await confirmFrom('203.0.113.67', order);
    expect(otherAddress.status).toBe(429);

    // Once the wait is over, the next decline doubles it.
    await db.update(rateLimits).set({ blockedUntil: sql`now() - interval '1 second'` });
    expect((await confirmFrom(ip, order)).status).toBe(402);
    const longer = await confirmFrom(ip, order);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(30);
    expect(Number(longer.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});
