import type { Db } from '../../db/client';
import { AppError, type AppErrorType } from '../../lib/errors';
import { eligibility } from '../../../core/discounts/eligibility';
import { applyDiscount, type DiscountLine } from '../../../core/discounts/money';
import { DISCOUNT_MESSAGES } from '../../../core/discounts/model';
import { categoriesOf, findCode, usedBy, type DiscountCustomer } from './lookup';

/** An order line as the discount reads it: its product, what it is, what it costs. */
export interface OrderLineForDiscount extends DiscountLine {
  productId: string;
}

/** A code that applies to an order: what it takes off and each line's share (cents). */
export interface AppliedDiscount {
  codeId: string;
  /** As the owner wrote it: the order keeps and shows this spelling. */
  code: string;
  oncePerCustomer: boolean;
  discountCents: number;
  shares: number[];
}

/**
 * A code refused: the sentence under the code's field, in the API's one error shape
 * (`fields.discountCode`): 400 when checked, 409 when another order took its last use meanwhile.
 */
export function discountRefused(message: string, type: AppErrorType = 'INVALID_DATA'): AppError {
  return new AppError(type, message, { discountCode: message });
}

/**
 * Checks a code for an order (the quote's and the order's own, before anything is charged): it
 * exists, is active and within its dates, has uses left, the order meets its minimum and has lines
 * it applies to (by product or browsing category, never a gift card), and a once-per-customer code
 * was not used by this account or email already. Throws the refusal with its sentence.
 */
export async function discountFor(
  db: Db,
  typed: string,
  lines: readonly OrderLineForDiscount[],
  customer: DiscountCustomer,
  now: Date = new Date(),
): Promise<AppliedDiscount> {
  const code = await findCode(db, typed);
  if (!code) throw discountRefused(DISCOUNT_MESSAGES.unknown);
  const categories = await categoriesOf(
    db,
    lines.map((line) => line.productId),
  );
  const answer = eligibility(
    code,
    // Stryker disable next-line ArrayDeclaration: a product in no category; any stand-in name matches none of a code's categories
    lines.map((line) => ({ ...line, categories: categories.get(line.productId) ?? [] })),
    now,
  );
  if (!answer.ok) throw discountRefused(answer.message);
  if (code.oncePerCustomer && (await usedBy(db, code.id, customer))) {
    throw discountRefused(DISCOUNT_MESSAGES.alreadyUsed);
  }
  const { discountCents, shares } = applyDiscount(code, lines, answer.lines);
  return {
    codeId: code.id,
    code: code.code,
    oncePerCustomer: code.oncePerCustomer,
    discountCents,
    shares,
  };
}
