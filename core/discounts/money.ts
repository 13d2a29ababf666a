import { isGiftCardKind, type ProductKind } from '../product/kind';
import type { DiscountKind } from './model';

/**
 * What a discount code takes off, and how that is shared by the lines it applies to (issue 42,
 * DECISIONS "Discounts"). Pure and in cents: the quote, the order and its refunds read the same
 * figures. Tax is computed afterwards on each line's net less its share (core/tax/line-tax.ts).
 */

/** A code's terms: a percentage (1–100) or an amount in cents. */
export interface DiscountTerms {
  kind: DiscountKind;
  value: number;
}

/** A line as the discount sees it: what it costs before the discount, and what it is. */
export interface DiscountLine {
  netCents: number;
  kind: ProductKind;
}

/** A percentage's whole, and its half (rounding half up). */
const WHOLE_PERCENT = 100;
const HALF_OF_WHOLE = WHOLE_PERCENT / 2;

/**
 * What a code takes off lines worth `eligibleCents`: a percentage rounded half up to the cent, or
 * the fixed amount, never more than those lines are worth.
 */
export function discountAmountCents(terms: DiscountTerms, eligibleCents: number): number {
  if (terms.kind === 'percent') {
    return Math.floor((eligibleCents * terms.value + HALF_OF_WHOLE) / WHOLE_PERCENT);
  }
  return Math.min(terms.value, eligibleCents);
}

/**
 * `discountCents` shared over the eligible lines in proportion to their nets: each line's exact
 * share rounded down, and the cents left over to the largest remainders, the earlier line first
 * on a tie. The shares add up to `discountCents` exactly (when it is at most the eligible lines'
 * worth), none is more than its line's net, and a gift card line, or a line not named eligible,
 * takes nothing.
 */
export function allocateDiscount(
  lines: readonly DiscountLine[],
  eligible: readonly number[],
  discountCents: number,
): number[] {
  const takes = lines.map((line, index) => eligible.includes(index) && !isGiftCardKind(line));
  const worth = lines.reduce((sum, line, index) => sum + (takes[index] ? line.netCents : 0), 0);
  const shares = lines.map(() => 0);
  if (worth === 0) return shares;
  const amount = Math.min(discountCents, worth);
  const exact = lines.map((line, index) => (takes[index] ? amount * line.netCents : 0));
  let leftOver = amount;
  exact.forEach((share, index) => {
    shares[index] = Math.floor(share / worth);
    leftOver -= shares[index];
  });
  // A line that takes nothing (or is worth nothing) has no remainder, and the cents left over are
  // fewer than the lines with one, so it never gets a cent. The sort is stable: on a tie, the
  // earlier line comes first.
  const byRemainder = exact
    .map((share, index) => ({ index, remainder: share % worth }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder.slice(0, leftOver)) shares[index]! += 1;
  return shares;
}

/** What a code takes off an order's eligible lines, and each line's share of it. */
export function applyDiscount(
  terms: DiscountTerms,
  lines: readonly DiscountLine[],
  eligible: readonly number[],
): { discountCents: number; shares: number[] } {
  const eligibleCents = lines.reduce(
    (sum, line, index) =>
      sum + (eligible.includes(index) && !isGiftCardKind(line) ? line.netCents : 0),
    0,
  );
  const discountCents = discountAmountCents(terms, eligibleCents);
  const shares = allocateDiscount(lines, eligible, discountCents);
  return { discountCents: shares.reduce((sum, share) => sum + share, 0), shares };
}
