import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs): the unit tests of the pricing,
 * tax and cart rules, and the few API files that exercise orders, stock, cancels, idempotency,
 * refunds and returns on a real (PGlite) database.
 */
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    include: [
      'tests/unit/cart-lines-pricing.test.ts',
      'tests/unit/cart-rules.test.ts',
      'tests/unit/product-price.test.ts',
      'tests/unit/tax.test.ts',
      'tests/api/cart-validate.test.ts',
      'tests/api/orders.test.ts',
      'tests/api/orders-pricing.test.ts',
      'tests/api/orders-history.test.ts',
      'tests/api/admin-orders.test.ts',
      'tests/api/admin-returns.test.ts',
      'tests/api/order-figures.test.ts',
      'tests/api/order-idempotency-keys.test.ts',
      'tests/api/order-stock.test.ts',
      'tests/api/refund-amounts.test.ts',
      'tests/api/cancel-refund-effects.test.ts',
      'tests/api/return-audit.test.ts',
    ],
  },
});
