import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes, discountUses } from '../../db/schema';
import { DISCOUNT_MESSAGES } from '../../../core/discounts/model';
import { discountRefused } from './check';

/** A use to count: the code, the order that uses it, and who placed it. */
export interface DiscountUse {
  codeId: string;
  orderId: string;
  email: string;
  userId: string | null;
  oncePerCustomer: boolean;
}

/**
 * The partial unique indexes that hold "once per customer" (api/db/schema/discounts.ts). Only a
 * unique violation names one, so the name alone tells the refusal (an error naming none, or
 * another constraint, is not this one).
 */
const ONCE_PER_CUSTOMER = new Set<string | undefined>([
  'discount_uses_once_per_email_key',
  'discount_uses_once_per_account_key',
]);

function constraintOf(error: unknown): string | undefined {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const name = (cause as { constraint?: string }).constraint;
    if (name) return name;
  }
  return undefined;
}

/**
 * Counts a use of a code, inside the transaction that writes the order: a conditional update that
 * only a code with uses left passes (concurrent orders wait for the row and see the count the
 * first committed), then the order's use row, whose unique indexes refuse a second live use by the
 * same account or email. Either refusal throws 409 with its sentence, and the order's transaction
 * rolls back with it: nothing was charged yet.
 */
export async function claimUse(tx: Db, use: DiscountUse): Promise<void> {
  const counted = await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, use.codeId),
        or(isNull(discountCodes.maxUses), lt(discountCodes.usesCount, discountCodes.maxUses)),
      ),
    )
    .returning({ id: discountCodes.id });
  if (counted.length === 0) throw discountRefused(DISCOUNT_MESSAGES.usedUp, 'CONFLICT');
  try {
    await tx.insert(discountUses).values({ ...use, email: use.email.trim().toLowerCase() });
  } catch (error) {
    if (ONCE_PER_CUSTOMER.has(constraintOf(error))) {
      throw discountRefused(DISCOUNT_MESSAGES.alreadyUsed, 'CONFLICT');
    }
    throw error;
  }
}

/**
 * Gives an order's use back (it was canceled, or its payment failed or was abandoned), in the
 * transaction that closes it: the use is marked released once, and only the call that released
 * it takes one off the count, so closing twice gives back once. False: nothing to give back.
 */
export async function releaseUse(tx: Db, orderId: string): Promise<boolean> {
  const [released] = await tx
    .update(discountUses)
    .set({ releasedAt: new Date() })
    .where(and(eq(discountUses.orderId, orderId), isNull(discountUses.releasedAt)))
    .returning({ codeId: discountUses.codeId });
  if (!released) return false;
  await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} - 1` })
    .where(eq(discountCodes.id, released.codeId));
  return true;
}
