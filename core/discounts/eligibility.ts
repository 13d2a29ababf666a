import { formatShopDay } from '../arrival-format';
import { isGiftCardKind } from '../product/kind';
import { shopDayOf } from '../shop-calendar';
import { DISCOUNT_MESSAGES, type DiscountStatus } from './model';
import type { DiscountLine } from './money';

/**
 * Whether a discount code applies to an order, and to which of its lines (issue 42). Pure: the
 * caller reads the code, the lines' browsing categories and the clock. Whether this customer used
 * a once-per-customer code already is asked of the database (api/modules/discounts).
 */

/** What eligibility reads of a code (a discount_codes row has it all). */
export interface CodeRules {
  status: DiscountStatus;
  /** Shop days, both inclusive; null: from now / no end. */
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  usesCount: number;
  minSubtotalCents: number;
  /** Browsing category names and product ids it applies to; both empty: every line. */
  categories: readonly string[];
  productIds: readonly string[];
}

/** An order line as eligibility reads it: its product, the categories it is listed in. */
export interface EligibleLine extends DiscountLine {
  productId: string | null;
  categories: readonly string[];
}

export type DiscountRefusal =
  'paused' | 'notStarted' | 'ended' | 'usedUp' | 'minimum' | 'nothingEligible';

export type Eligibility =
  { ok: true; lines: number[] } | { ok: false; reason: DiscountRefusal; message: string };

const refuse = (reason: DiscountRefusal, message: string): Eligibility => ({
  ok: false,
  reason,
  message,
});

/** Category names compared as the owner and the menu may write them: trimmed, any case. */
// Stryker disable next-line MethodExpression: equivalent; upper case compares the same
const sameName = (name: string) => name.trim().toLowerCase();

/** Whether a code's products and categories take this line (a gift card never). */
export function lineIsEligible(
  rules: Pick<CodeRules, 'categories' | 'productIds'>,
  line: EligibleLine,
): boolean {
  if (isGiftCardKind(line)) return false;
  if (rules.categories.length === 0 && rules.productIds.length === 0) return true;
  // A line whose product is gone (null) is named by no id.
  if (rules.productIds.includes(line.productId ?? '')) return true;
  const wanted = new Set(rules.categories.map(sameName));
  return line.categories.some((category) => wanted.has(sameName(category)));
}

/**
 * The lines a code applies to, or why it does not apply, checked in this order: paused, not
 * started, ended (by the shop's calendar day of `now`), used up, under its minimum, nothing in
 * the cart it applies to. The minimum is compared with the subtotal of every line but gift cards,
 * before any discount: what the shopper buys from the shop, whether or not the code applies to it
 * (a gift card is money, not a purchase).
 */
export function eligibility(
  rules: CodeRules,
  lines: readonly EligibleLine[],
  now: Date,
): Eligibility {
  const today = shopDayOf(now);
  if (rules.status === 'paused') return refuse('paused', DISCOUNT_MESSAGES.paused);
  // Stryker disable next-line ConditionalExpression: equivalent; a day is never before (nor after) null
  if (rules.startsOn !== null && today < rules.startsOn) {
    return refuse('notStarted', DISCOUNT_MESSAGES.notStarted(formatShopDay(rules.startsOn)));
  }
  // Stryker disable next-line ConditionalExpression: equivalent; a day is never before (nor after) null
  if (rules.endsOn !== null && today > rules.endsOn) {
    return refuse('ended', DISCOUNT_MESSAGES.ended(formatShopDay(rules.endsOn)));
  }
  if (rules.maxUses !== null && rules.usesCount >= rules.maxUses) {
    return refuse('usedUp', DISCOUNT_MESSAGES.usedUp);
  }
  const subtotal = lines
    .filter((line) => !isGiftCardKind(line))
    .reduce((sum, line) => sum + line.netCents, 0);
  if (subtotal < rules.minSubtotalCents) {
    return refuse('minimum', DISCOUNT_MESSAGES.minimum(rules.minSubtotalCents));
  }
  const eligible = lines.flatMap((line, index) =>
    lineIsEligible(rules, line) && line.netCents > 0 ? [index] : [],
  );
  if (eligible.length === 0) return refuse('nothingEligible', DISCOUNT_MESSAGES.nothingEligible);
  return { ok: true, lines: eligible };
}
