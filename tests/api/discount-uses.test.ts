import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountUses } from '../../api/db/schema';
import { AppError } from '../../api/lib/errors';
import { claimUse, releaseUse, type DiscountUse } from '../../api/modules/discounts';
import { DISCOUNT_MESSAGES } from '../../core/discounts/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine } from '../helpers/orders';
import { codeRow, insertCode, orderWithCode, usesOf } from './discount-helpers';
import { freshEmail } from './order-close-helpers';
import { placeOrder } from './orders-history-helpers';

/**
 * Issue 42 point 6: counting a code's use (api/modules/discounts/uses.ts) when the database
 * itself refuses it. The quote's and the order's check (`usedBy`) come first, so only orders at
 * the same moment reach the unique indexes; here the use is claimed directly, as the order's
 * transaction does, for a second order of the same customer. Each refusal rolls the claim back.
 */
/** The refusal of a second use by the same customer, as the checkout answers it. */
const ALREADY_USED = {
  type: 'CONFLICT',
  message: DISCOUNT_MESSAGES.alreadyUsed,
  fields: { discountCode: DISCOUNT_MESSAGES.alreadyUsed },
};

describe("a code's use refused by the database", () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;

  /** A once-per-customer code used by one order, and a second order (no code) to claim it for. */
  async function usedOnce(overrides: Parameters<typeof insertCode>[1] = {}) {
    const code = await insertCode(db(), { oncePerCustomer: true, ...overrides });
    const email = freshEmail('first-use');
    const first = await (await orderWithCode(api, [enamelLine(1)], code.code, email)).send();
    expect(first.status).toBe(201);
    const { orderId } = (await first.json()) as { orderId: string };
    const second = await placeOrder(api, [enamelLine(1)]);
    return { code, email, firstOrderId: orderId, secondOrderId: second.id };
  }

  const claim = (use: DiscountUse) => db().transaction((tx) => claimUse(tx, use));
  const refusalOf = async (use: DiscountUse) => {
    const error = await claim(use).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    const { type, message, fields } = error as AppError;
    return { type, message, fields };
  };

  it('refuses a second live use by the same account under another email (409), counting nothing', async () => {
    const { code, firstOrderId, secondOrderId } = await usedOnce();
    const userId = randomUUID();
    await db().update(discountUses).set({ userId }).where(eq(discountUses.orderId, firstOrderId));
    expect(
      await refusalOf({
        codeId: code.id,
        orderId: secondOrderId,
        email: freshEmail('new-address'),
        userId,
        oncePerCustomer: true,
      }),
    ).toEqual(ALREADY_USED);
    expect((await codeRow(db(), code.id)).usesCount).toBe(1);
    expect(await usesOf(db(), code.id)).toHaveLength(1);
  });

  it('refuses a second live use by the same email in another case (409)', async () => {
    const { code, email, secondOrderId } = await usedOnce();
    expect(
      await refusalOf({
        codeId: code.id,
        orderId: secondOrderId,
        email: ` ${email.toUpperCase()} `,
        userId: null,
        oncePerCustomer: true,
      }),
    ).toEqual(ALREADY_USED);
    expect((await codeRow(db(), code.id)).usesCount).toBe(1);
  });

  it('refuses a code with no use left (409) before writing a use', async () => {
    const { code, secondOrderId } = await usedOnce({ maxUses: 1, oncePerCustomer: false });
    expect(
      await refusalOf({
        codeId: code.id,
        orderId: secondOrderId,
        email: freshEmail('late'),
        userId: null,
        oncePerCustomer: false,
      }),
    ).toEqual({
      type: 'CONFLICT',
      message: DISCOUNT_MESSAGES.usedUp,
      fields: { discountCode: DISCOUNT_MESSAGES.usedUp },
    });
    expect(await usesOf(db(), code.id)).toHaveLength(1);
  });

  it('lets any other refusal through as it is: a second use for the same order is no "already used"', async () => {
    const { code, firstOrderId } = await usedOnce({ oncePerCustomer: false });
    const error = await claim({
      codeId: code.id,
      orderId: firstOrderId,
      email: freshEmail('same-order'),
      userId: null,
      oncePerCustomer: false,
    }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    expect((await codeRow(db(), code.id)).usesCount).toBe(1);
    expect(await usesOf(db(), code.id)).toHaveLength(1);
  });

  it('gives a use back once: true the first time, false after, and false for an order with none', async () => {
    const { code, firstOrderId, secondOrderId } = await usedOnce();
    const release = (orderId: string) => db().transaction((tx) => releaseUse(tx, orderId));
    expect(await release(secondOrderId)).toBe(false);
    expect((await codeRow(db(), code.id)).usesCount).toBe(1);
    expect(await release(firstOrderId)).toBe(true);
    expect((await codeRow(db(), code.id)).usesCount).toBe(0);
    expect(await release(firstOrderId)).toBe(false);
    expect((await codeRow(db(), code.id)).usesCount).toBe(0);
    const [use] = await usesOf(db(), code.id);
    expect(use!.releasedAt).toBeInstanceOf(Date);
  });
});
