import { Elysia } from 'elysia';
import { config } from './config';
import type { Database } from './db/client';
import { rateLimiter } from './lib/rate-limit';
import { addressModule } from './modules/address';
import { adminModule } from './modules/admin';
import { uploadedImagesModule } from './modules/catalogue/admin/uploads';
import { authModule } from './modules/auth';
import { cartModule } from './modules/cart';
import { contactModule } from './modules/contact';
import { downloadsModule } from './modules/orders/downloads';
import { giftCardsModule } from './modules/gift-cards';
import { healthModule } from './modules/health';
import { notifyMailQueued } from './modules/mail/signal';
import { ordersModule } from './modules/orders';
import type { AfterOrderStep } from './modules/orders/faults';
import { guestOrdersModule } from './modules/orders/guest-routes';
import { orderHistoryModule } from './modules/orders/history-routes';
import { paymentsModule, type PaymentsSetup } from './modules/payments';
import { paymentsFromConfig } from './modules/payments/setup';
import { productModule } from './modules/product';
import { ratingsModule } from './modules/ratings';
import { restockAlertsModule } from './modules/restock-alerts';
import { dorTaxCalculator, type TaxCalculator } from './modules/tax/calculator';
import { adminTaxModule, taxModule } from './modules/tax';
import { userModule } from './modules/user';
import { adminAuthPlugin, authPlugin } from './modules/auth/plugin';
import { errorPlugin } from './plugins/errors';
import { inputLimits } from './plugins/input-limits';
import { rateLimit } from './plugins/rate-limit';
import { requestContext } from './plugins/request-context';

export interface AppDependencies {
  database: Database;
  /** The payment gateway and its routes; by default the configured one (PAYMENT_PROVIDER). */
  payments?: PaymentsSetup;
  /** Sales tax; by default Washington's imported DOR rates, the committed table before any. */
  tax?: TaxCalculator;
  /** A test harness's fault after each step of the order flow (orders/faults.ts); never set in production. */
  afterOrderStep?: AfterOrderStep;
}

/** The API: one Elysia app under /api, the error plugin first, then each feature module. */
export function createApp({
  database,
  payments = paymentsFromConfig(database.db),
  tax = dorTaxCalculator(database.db),
  afterOrderStep,
}: AppDependencies) {
  const settings = config();
  const shop = {
    siteName: settings.siteName,
    siteUrl: settings.siteUrl.replace(/\/$/, ''),
    shopEmail: settings.mail.shopEmail,
    returnAddress: settings.returnAddress,
  };
  // One set of counters in the database, shared by every module and every server process.
  const limiter = rateLimiter(database.db);
  const limits = rateLimit(limiter);
  // The signed-in user for any module: `auth: true` or `optionalAuth: true` (api/modules/auth/plugin.ts).
  const auth = authPlugin({ db: database.db, secret: settings.jwtSecret, siteUrl: shop.siteUrl });
  return new Elysia({ prefix: '/api', name: 'evergreen-api' })
    .use(requestContext)
    .use(errorPlugin)
    .use(inputLimits)
    .use(healthModule(database))
    .use(productModule(database.db, limits))
    .use(cartModule(database.db))
    .use(addressModule)
    .use(contactModule({ db: database.db, limits, limiter, auth }))
    .use(
      authModule({
        db: database.db,
        limiter,
        limits,
        auth,
        shop,
        onMailQueued: notifyMailQueued,
      }),
    )
    .use(userModule({ db: database.db, auth, gateway: payments.gateway }))
    .use(
      ordersModule(
        {
          db: database.db,
          gateway: payments.gateway,
          tax,
          shop,
          onMailQueued: notifyMailQueued,
          afterStep: afterOrderStep,
        },
        { plugin: limits, limiter, auth },
      ),
    )
    .use(paymentsModule(database.db, payments, limits, { shop, onMailQueued: notifyMailQueued }))
    .use(
      orderHistoryModule({
        db: database.db,
        gateway: payments.gateway,
        shop,
        auth,
        limiter,
        onMailQueued: notifyMailQueued,
      }),
    )
    .use(
      guestOrdersModule({
        db: database.db,
        gateway: payments.gateway,
        shop,
        limiter,
        onMailQueued: notifyMailQueued,
      }),
    )
    .use(ratingsModule({ db: database.db, auth }))
    .use(restockAlertsModule({ db: database.db, limits }))
    .use(downloadsModule({ db: database.db, shop, auth, limits, onMailQueued: notifyMailQueued }))
    .use(taxModule({ db: database.db }))
    .use(
      adminTaxModule({
        db: database.db,
        adminAuth: adminAuthPlugin({
          db: database.db,
          secret: settings.jwtSecret,
          siteUrl: shop.siteUrl,
        }),
      }),
    )
    .use(
      adminModule({
        db: database.db,
        shop,
        gateway: payments.gateway,
        onMailQueued: notifyMailQueued,
        dataDir: settings.dataDir,
        adminAuth: adminAuthPlugin({
          db: database.db,
          secret: settings.jwtSecret,
          siteUrl: shop.siteUrl,
        }),
      }),
    )
    .use(
      giftCardsModule({
        db: database.db,
        shop,
        limiter,
        onMailQueued: notifyMailQueued,
        adminAuth: adminAuthPlugin({
          db: database.db,
          secret: settings.jwtSecret,
          siteUrl: shop.siteUrl,
        }),
      }),
    )
    .use(uploadedImagesModule(settings.dataDir));
}

export type App = ReturnType<typeof createApp>;
