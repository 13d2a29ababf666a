import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs), in this order: the unit tests
 * of the pricing, tax and cart rules, the API files written for the money and stock code (each on
 * one database, calling the module or one route), then the broader API files that also exercise
 * orders, stock, cancels, idempotency, refunds and returns. Stryker stops a mutant's run at its
 * first failing test, so the quick, focused files go first.
 */
const ALL_TESTS = [
  'tests/unit/money.test.ts',
  'tests/unit/cart-lines-pricing.test.ts',
  'tests/unit/product-price.test.ts',
  'tests/unit/tax.test.ts',
  'tests/unit/tax-refund-share.test.ts',
  'tests/unit/discount-refund-share.test.ts',
  'tests/api/tax-import.test.ts',
  'tests/api/tax-rates.test.ts',
  'tests/api/tax-orders.test.ts',
  'tests/unit/cart-rules.test.ts',
  'tests/api/order-figures.test.ts',
  'tests/api/order-stock.test.ts',
  'tests/api/order-idempotency-keys.test.ts',
  // The confirmation's less travelled paths (issue 35 point 9): its steps, key and retries, a card
  // short of the total, a lost answer, a late charge, the card chosen, saved or stored.
  'tests/api/confirm-order-paths.test.ts',
  'tests/api/confirm-order-cards.test.ts',
  // What a confirmation answers when its order or key moved meanwhile: settled by the recovery job
  // before the request's own settling, a kept answer after a cancel, a key reused for another order.
  'tests/api/confirm-order-meanwhile.test.ts',
  'tests/api/refund-amounts.test.ts',
  'tests/api/return-audit.test.ts',
  'tests/api/cancel-refund-effects.test.ts',
  'tests/unit/refund-amount.test.ts',
  'tests/api/admin-returns-restock.test.ts',
  'tests/api/admin-cancel-reason.test.ts',
  'tests/api/admin-order-money.test.ts',
  'tests/api/cart-validate.test.ts',
  'tests/api/orders-pricing.test.ts',
  'tests/api/orders-history.test.ts',
  'tests/api/admin-orders.test.ts',
  'tests/api/admin-returns.test.ts',
  'tests/api/orders.test.ts',
  // An order's money (issue 35): payments as rows, closing, recovery, the lifecycle's SQL, limits.
  'tests/unit/order-lifecycle.test.ts',
  'tests/api/gift-card-ledger.test.ts',
  'tests/api/close-unpaid.test.ts',
  'tests/api/lifecycle-sql.test.ts',
  'tests/api/order-payments.test.ts',
  'tests/api/order-close.test.ts',
  'tests/api/order-close-stripe.test.ts',
  'tests/api/order-close-callers.test.ts',
  'tests/api/order-close-cases.test.ts',
  'tests/api/order-close-races.test.ts',
  'tests/api/orders-recovery-cancel.test.ts',
  'tests/api/order-settle.test.ts',
  'tests/api/orders-recovery.test.ts',
  'tests/api/orders-recovery-isolation.test.ts',
  'tests/api/orders-validation.test.ts',
  'tests/api/orders-limits.test.ts',
  'tests/api/orders-digital.test.ts',
  'tests/api/orders-returns.test.ts',
  'tests/api/gift-cards.test.ts',
  'tests/api/gift-card-code-sealed.test.ts',
  'tests/api/sandbox-tokens.test.ts',
  'tests/api/guest-order.test.ts',
  // The guest's signed order link (orders/guest-link.ts) in the shipped and gift emails.
  'tests/api/gift-orders.test.ts',
  'tests/api/stripe.test.ts',
  'tests/api/stripe-webhook-effects.test.ts',
  'tests/api/kind-not-category.test.ts',
  'tests/api/admin-order-actions.test.ts',
  'tests/api/admin-refund-lines.test.ts',
  'tests/api/admin-ship-many.test.ts',
  'tests/api/admin-slips-exports.test.ts',
  'tests/api/admin-slips-gift-cards.test.ts',
  'tests/api/downloads.test.ts',
  'tests/api/downloads-cancel-race.test.ts',
  // Confirming an order (confirm-order*.ts): a retried key's earlier order, a crash at each step,
  // stored and saved cards; the closing refund's lines (close-refund.ts); an order a gift card paid
  // in full, settled (settle.ts).
  'tests/api/orders-retry-key.test.ts',
  'tests/api/orders-crash.test.ts',
  'tests/api/checkout-signed-in.test.ts',
  'tests/api/user-cards.test.ts',
  'tests/api/order-flow.test.ts',
  'tests/api/close-refund-lines.test.ts',
  'tests/api/settle-gift-card-paid.test.ts',
  // The Stripe webhook's edges: events without metadata or a payment intent, other types, no reason.
  'tests/api/stripe-webhook-edges.test.ts',
  // The charge a confirmation asks for, and a refusal of the request against an unreachable gateway.
  'tests/api/confirm-charge-request.test.ts',
  // The Stripe gateway (its card saving) and the ship-by order of the owner's list (issue 41).
  'tests/api/user-cards-stripe.test.ts',
  'tests/api/arrival.test.ts',
  // Discount codes (issue 42): the money and eligibility rules, then the checkout on a database
  // (the concurrent ones on PostgreSQL only).
  'tests/unit/discount-money.test.ts',
  'tests/unit/discount-eligibility.test.ts',
  // The order answers' discount mapper, then a code's and the owner's edges (issue 42 point 6).
  'tests/unit/discount-view.test.ts',
  'tests/api/discount-checkout.test.ts',
  'tests/api/discount-edges.test.ts',
  'tests/api/discount-uses.test.ts',
  'tests/api/discount-race.test.ts',
  'tests/api/admin-discounts.test.ts',
  'tests/api/admin-discounts-edges.test.ts',
  'tests/api/discount-order-answers.test.ts',
  'tests/api/discount-refunds.test.ts',
  'tests/api/discount-reports.test.ts',
  'tests/api/discount-slips.test.ts',
  // Issue 42 point 6: the order's figures (pricing.ts) for a gift card line and a personalized
  // line's refused text.
  'tests/api/order-pricing-edges.test.ts',
  'tests/api/personalized.test.ts',
];

/**
 * `MUTATION_TESTS=a.test.ts,b.test.ts` runs only those of the list (by the end of their path):
 * one file's score on a shared machine without the whole list's first run. Fewer tests kill at
 * most as many mutants, so a score measured so is a floor of the full run's.
 */
const only = process.env.MUTATION_TESTS?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const TESTS = only?.length
  ? ALL_TESTS.filter((path) => only.some((name) => path.endsWith(name)))
  : ALL_TESTS;

/** Runs the files in the order of TESTS. */
class FocusedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      TESTS.findIndex((path) => file.moduleId.endsWith(`/${path}`));
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    include: TESTS,
    // The API files load a database prepared once per Stryker run, as in the main suite.
    globalSetup: ['tests/helpers/global-setup.ts'],
    sequence: { sequencer: FocusedFirst },
  },
});
