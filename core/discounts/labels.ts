import { formatDollars } from '../money';

/**
 * How a discount code reads wherever an order's figures are shown (issue 42): the cart, the
 * checkout's summaries, the confirmation, the order history and the back office. Without zod, so
 * a page that only shows figures does not load a schema library to label one line.
 */
export const DISCOUNT_LABELS = {
  field: 'Discount code',
  apply: 'Apply',
  applying: 'Checking the code…',
  remove: 'Remove',
  /** The summary's line: "Discount (WINTER10)". */
  line: (code: string) => `Discount (${code})`,
  /** What it takes off, with a minus sign: "−$2.60". */
  amount: (dollars: number) => `−${formatDollars(dollars)}`,
  /** The cart before an address is known: the amount comes from the checkout's quote. */
  atCheckout: (code: string) => `Discount code ${code} is taken off at checkout.`,
  /** The review page's way on after the code is refused. */
  goOnWithout: 'Remove the code and continue',
} as const;

/** The summary's row for an applied code: its label and what it takes off. */
export function discountRow(discount: { code: string; amount: number }): [string, string] {
  return [DISCOUNT_LABELS.line(discount.code), DISCOUNT_LABELS.amount(discount.amount)];
}
