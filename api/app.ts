import { Elysia } from 'elysia';
import { config } from './config';
import type { Database } from './db/client';
import { rateLimiter } from './lib/rate-limit';
import { cartModule } from './modules/cart';
import { contactModule } from './modules/contact';
import { healthModule } from './modules/health';
import { notifyMailQueued } from './modules/mail/signal';
import { ordersModule } from './modules/orders';
import { paymentsModule, type PaymentsSetup } from './modules/payments';
import { paymentsFromConfig } from './modules/payments/setup';
import { productModule } from './modules/product';
import { tableTaxCalculator, type TaxCalculator } from './modules/tax/calculator';
import { errorPlugin } from './plugins/errors';
import { rateLimit } from './plugins/rate-limit';
import { requestContext } from './plugins/request-context';

export interface AppDependencies {
  database: Database;
  /** Seconds catalogue answers are reused in memory; defaults to CATALOGUE_CACHE_SECONDS. */
  catalogueCacheSeconds?: number;
  /** The payment gateway and its routes; by default the configured one (PAYMENT_PROVIDER). */
  payments?: PaymentsSetup;
  /** Sales tax; by default the committed rate table. */
  tax?: TaxCalculator;
}

/** The API: one Elysia app under /api, the error plugin first, then each feature module. */
export function createApp({
  database,
  catalogueCacheSeconds,
  payments = paymentsFromConfig(),
  tax = tableTaxCalculator(),
}: AppDependencies) {
  const settings = config();
  const cacheSeconds = catalogueCacheSeconds ?? settings.catalogueCacheSeconds;
  const shop = {
    siteName: settings.siteName,
    siteUrl: settings.siteUrl.replace(/\/$/, ''),
    shopEmail: settings.mail.shopEmail,
  };
  // One set of counters in the database, shared by every module and every server process.
  const limits = rateLimit(rateLimiter(database.db));
  return new Elysia({ prefix: '/api', name: 'evergreen-api' })
    .use(requestContext)
    .use(errorPlugin)
    .use(healthModule(database))
    .use(productModule(database.db, { cacheSeconds }))
    .use(cartModule(database.db))
    .use(contactModule({ db: database.db, limits }))
    .use(
      ordersModule({
        db: database.db,
        gateway: payments.gateway,
        tax,
        shop,
        onMailQueued: notifyMailQueued,
      }),
    )
    .use(paymentsModule(database.db, payments));
}

export type App = ReturnType<typeof createApp>;
