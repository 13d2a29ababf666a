/**
 * The API files that `npm test` runs on the embedded database (PGlite) when the API suites
 * themselves run on PostgreSQL (issue 37: each suite runs once, in the tier it is about). These are
 * what is about PGlite itself — its first image, migrations of older data, backup and restore of a
 * data folder, start-up and health — the fuzz test (input handling, PGlite only), and a small smoke
 * set of the shopper's paths, so the shop's default database is never untested. Files that start
 * a PGlite server of their own whatever the run uses (kill -9, shutdown, backup scripts) run in the
 * main pass already.
 */
export const EMBEDDED_DATABASE_FILES = [
  'tests/api/first-image.test.ts',
  'tests/api/migration-product-kinds.test.ts',
  'tests/api/restore-older.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/startup.test.ts',
  'tests/api/health.test.ts',
  'tests/api/fuzz.test.ts',
  // The smoke set: a guest order end to end, a gift card bought and spent (a file of its own:
  // orders.test.ts and gift-cards.test.ts, 53 tests, took a minute on PGlite), a cart.
  'tests/api/embedded-smoke.test.ts',
  'tests/api/cart-validate.test.ts',
];
