import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { downloadGrants, orders, payments, users } from '../../api/db/schema';
import type { OrderConfirmed } from '../../core/orders/model';
import { useApi } from '../helpers/api';
import { confirm, GUEST, guestOrder, photoLine, sandboxToken } from '../helpers/orders';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

const ROUNDS = 50;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 22, row 2: a cancel and a download of the same digital order decide on the same locked
 * order row, so a file is never served from an order that is also canceled and refunded. Run it
 * on PostgreSQL (DATABASE_URL) to race for real; PGlite has one connection and serialises them.
 */
describe('a cancel and downloads of the same digital order', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;

  it(`never both serve the file and cancel with a refund (${ROUNDS} rounds)`, async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('race'));
    const session = await logIn(client, account);
    const [owner] = await db().select().from(users).where(eq(users.email, account.email));

    for (let round = 0; round < ROUNDS; round++) {
      const { token } = await sandboxToken(api);
      const placed = await guestOrder(api, [photoLine()], token, undefined, {
        ...GUEST,
        email: `race.${round}.${Date.now().toString(36)}@example.com`,
      });
      const response = await confirm(api, placed);
      expect(response.status).toBe(201);
      const { orderId, order } = (await response.json()) as OrderConfirmed;
      await db()
        .update(orders)
        .set({ userId: owner!.id, isGuest: false })
        .where(eq(orders.id, orderId));
      const path = new URL(order.downloads![0]!.url).pathname.replace(/^\/api/, '');

      // The review's reproduction: the cancel, then two downloads 0 to 7 ms later.
      const cancel = api.post('/orders/cancel', { id: orderId }, bearer(session.token));
      const later = round % 8;
      const downloads = [0, 1].map(async () => {
        await pause(later);
        const answer = await api.get(path);
        // Read the whole file, as a browser would, before looking at the database.
        await answer.arrayBuffer();
        return answer.status;
      });
      const [canceled, ...served] = await Promise.all([cancel, ...downloads]);
      await canceled!.arrayBuffer();

      const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
      const charges = await db().select().from(payments).where(eq(payments.orderId, orderId));
      const [grant] = await db()
        .select()
        .from(downloadGrants)
        .where(eq(downloadGrants.orderId, orderId));
      const files = served.filter((status) => status === 200).length;
      const refunded = charges.some((charge) => charge.status === 'refunded');
      const state = { round, later, cancel: canceled!.status, served, order: row!.shippingStatus };

      // Every file served is one counted use, and nothing else counts one.
      expect(grant!.uses, JSON.stringify(state)).toBe(files);
      if (canceled!.status === 200) {
        expect(row, JSON.stringify(state)).toMatchObject({
          shippingStatus: 'canceled',
          paymentStatus: 'refunded',
        });
        expect(refunded, JSON.stringify(state)).toBe(true);
        expect(files, JSON.stringify(state)).toBe(0);
      } else {
        expect(canceled!.status, JSON.stringify(state)).toBe(409);
        expect(row, JSON.stringify(state)).toMatchObject({
          shippingStatus: 'delivered',
          paymentStatus: 'paid',
        });
        expect(refunded, JSON.stringify(state)).toBe(false);
        expect(files, JSON.stringify(state)).toBeGreaterThan(0);
      }
    }
  }, 180_000);
});
