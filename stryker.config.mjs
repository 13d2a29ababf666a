// @ts-check
const RUN = process.env.STRYKER_RUN;
const REPORTS = RUN ? `reports/mutation/${RUN}` : 'reports/mutation';

/**
 * Mutation testing of the money and stock code (issue 23 point 7): `npm run test:mutation`.
 * Slow by design (every mutant re-runs the tests that reach it, the API ones on a fresh PGlite
 * database), so it is not part of `npm test` or CI; the README keeps the latest score.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // `related: false`: a static mutant (one that acts while a module loads, such as a table or a
  // constant) runs every test of the config. With vitest's related-file lookup it found none in
  // the sandbox and "survived" after 0 tests (seen on core/orders/lifecycle.ts's table).
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // The machine is small and shared: one test process at a time.
  concurrency: 1,
  mutate: [
    // The one pricing rule for a cart line, and the fallback price it uses.
    'core/cart/lines.ts',
    'core/product/price.ts',
    // The order's figures, its stock, its cancellation (and refund) and its idempotency key.
    'api/modules/orders/pricing.ts',
    'api/modules/orders/stock.ts',
    'api/modules/orders/cancel.ts',
    // An order's money (issue 35 point 9): closing, settling, confirming, the payment rows and
    // their refunds, the gift-card ledger, the Stripe webhook, money and the lifecycle.
    'api/modules/orders/{close,close-refund,close-unpaid,settle,confirm-order,confirm-order-earlier,confirm-order-write,refund-payments,order-money}.ts',
    'api/modules/gift-cards/ledger.ts',
    'api/modules/payments/webhook.ts',
    // What an order's money reads and limits: its rows and history, the closing emails, recovery,
    // the lifecycle's SQL, digital delivery, the return policy, the per-address limits on orders
    // and gift-card codes, and the sandbox's card tokens.
    'api/modules/orders/{repository,history,history-routes,close-mails,recovery,digital-delivery,returns-policy,limits,guest-link}.ts',
    'api/modules/gift-cards/limits.ts',
    'api/modules/payments/sandbox-tokens.ts',
    'core/money.ts',
    'core/orders/lifecycle.ts',
    'api/modules/orders/idempotency.ts',
    'api/db/lifecycle-sql.ts',
    'api/modules/tax/**/*.ts',
    // A return refund's amount and tax (each line's share of its own tax, issue 35 point 6).
    'core/admin/refund-amount.ts',
    // A line refund's share of its discount and tax (issue 42: what a discounted line gives back).
    'core/admin/line-refund.ts',
    // Refunds (the owner's cancel and refund, and its retry) and returns in the back office:
    // refunds.ts, returns.ts, returns-lookup.ts, returns-receive.ts, returns-refund.ts.
    'api/modules/orders/admin/*{refund,return}*.ts',
    // The rest of the order's back office, its downloads and the order routes (moved or split in
    // issue 37): actions, detail, list, notes, needs-attention, ship, slips, fulfilment, issues.
    'api/modules/orders/admin/*.ts',
    // Named as well (the glob above takes them too): the owner's order page and list, the line
    // refund's parts and its payout per instrument, and the Stripe gateway that charges and refunds.
    'api/modules/orders/admin/{order-detail,order-list,refund-lines,refund-lines-complete,refund-lines-parts,refund-lines-record,refund-payout}.ts',
    'api/modules/payments/stripe.ts',
    'api/modules/orders/downloads/*.ts',
    'api/modules/orders/{confirm-order-context,fulfilment,guest-routes,issues,service}.ts',
    // Discount codes (issue 42): what a code takes off and how it is shared, whether it applies,
    // and its uses counted with the order and given back when the order closes.
    'core/discounts/money.ts',
    'core/discounts/eligibility.ts',
    'api/modules/discounts/*.ts',
    'api/modules/discounts/admin/*.ts',
    // Named for what they carry (the glob above takes the first two too): the back office's
    // audit of an order's moves, a refund already recorded under its key and what the order's
    // payments took; an order's and its lines' discount in every answer, its gift and columns.
    'api/modules/orders/admin/{deps,refund-records}.ts',
    'api/modules/orders/{discount-view,order-view}.ts',
  ],
  ignorePatterns: [
    'dist',
    '.astro',
    '.data',
    'test-results',
    'playwright-report',
    'reports',
    '.stryker-tmp*',
  ],
  // STRYKER_RUN=<name> gives a run its own sandbox and reports (two runs at once do not clobber
  // each other's): .stryker-tmp-<name>, reports/mutation/<name>/.
  tempDirName: RUN ? `.stryker-tmp-${RUN}` : '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${REPORTS}/index.html` },
  jsonReporter: { fileName: `${REPORTS}/mutation.json` },
  thresholds: { high: 90, low: 80, break: 80 },
  // Added to each mutant's time limit (1.5 × the tests' own time): a mutant that loops (the
  // idempotency key's wait) is stopped after this, and an API file migrates its database first.
  timeoutMS: 10_000,
};
