import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, sandboxCharges } from '../../api/db/schema';
import { DISCOUNT_MESSAGES } from '../../core/discounts/model';
import { useApi } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { codeRow, insertCode, orderWithCode, usesOf } from './discount-helpers';
import { freshEmail } from './order-close-helpers';

/**
 * A code's uses are counted in the order's own transaction (issue 42): under concurrent
 * checkouts, a one-use code gives one order and clear refusals, and nothing is charged for a
 * refused one. PostgreSQL only: PGlite runs one transaction at a time and would prove nothing.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))(
  'a discount code under concurrent checkouts',
  () => {
    const api = useApi({ seed: true });

    it('20 checkouts with a one-use code: one order with the discount, 19 refused, nothing charged for them', async () => {
      const { db } = api.test.database;
      const code = await insertCode(db, { kind: 'fixed', value: 500, maxUses: 1 });
      // Each shopper's order is quoted (the code applies to all of them) before any is sent.
      const shoppers = await Promise.all(
        Array.from({ length: 20 }, (_, shopper) =>
          orderWithCode(api, [enamelLine(1)], code.code, freshEmail(`racer${shopper}`)),
        ),
      );
      const answers = await Promise.all(shoppers.map((shopper) => shopper.send()));
      const bodies = await Promise.all(answers.map((answer) => answer.json()));

      const placed = bodies.filter((_, index) => answers[index]!.status === 201);
      expect(placed).toHaveLength(1);
      const refused = bodies.filter((_, index) => answers[index]!.status !== 201);
      expect(refused).toHaveLength(19);
      for (const body of refused) {
        expect(body).toEqual({
          error: DISCOUNT_MESSAGES.usedUp,
          fields: { discountCode: DISCOUNT_MESSAGES.usedUp },
        });
      }
      expect(placed[0].order.discount).toEqual({ code: code.code, amount: 5 });
      expect((await codeRow(db, code.id)).usesCount).toBe(1);
      const uses = await usesOf(db, code.id);
      expect(uses.map((use) => use.orderId)).toEqual([placed[0].orderId]);

      // One order row in all (the refused rolled back with their use), one charge, one payment.
      const rows = await db.select().from(orders);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ discountCents: 500, discountCodeId: code.id });
      const charges = await db.select().from(sandboxCharges);
      expect(charges).toHaveLength(1);
      expect(charges[0]!.amountCents).toBe(rows[0]!.totalCents);
      expect(await db.select().from(payments)).toHaveLength(1);
    });

    it('a once-per-customer code sent by one email five times at once is used once', async () => {
      const { db } = api.test.database;
      const code = await insertCode(db, { oncePerCustomer: true });
      const email = freshEmail('twice');
      const shoppers = await Promise.all(
        Array.from({ length: 5 }, () => orderWithCode(api, [mugLine(1)], code.code, email)),
      );
      const answers = await Promise.all(shoppers.map((shopper) => shopper.send()));
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      const placed = bodies.filter((_, index) => answers[index]!.status === 201);
      expect(placed).toHaveLength(1);
      for (const body of bodies.filter((_, index) => answers[index]!.status !== 201)) {
        expect(body.fields).toEqual({ discountCode: DISCOUNT_MESSAGES.alreadyUsed });
      }
      expect((await codeRow(db, code.id)).usesCount).toBe(1);
      expect(await usesOf(db, code.id)).toHaveLength(1);
      const theirs = await db.select().from(orders).where(eq(orders.discountCodeId, code.id));
      expect(theirs).toHaveLength(1);
      const charged = await db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.orderId,
            theirs.map((order) => order.id),
          ),
        );
      expect(charged).toHaveLength(1);
    });
  },
);
