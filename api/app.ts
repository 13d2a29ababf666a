import { Elysia } from 'elysia';
import { config } from './config';
import type { Database } from './db/client';
import { rateLimiter, type RateLimiter } from './lib/rate-limit';
import { addressModule } from './modules/address';
import { adminModule } from './modules/admin';
import { adminAuthPlugin, authModule, authPlugin, type AuthPlugin } from './modules/auth';
import { cartModule } from './modules/cart';
import { contactModule } from './modules/contact';
import { discountAdminRoutes } from './modules/discounts';
import { giftCardsModule } from './modules/gift-cards';
import { healthModule } from './modules/health';
import { adminStockModule } from './modules/inventory';
import { notifyMailQueued, type ShopDetails } from './modules/mail';
import {
  adminOrdersModule,
  downloadsModule,
  guestOrdersModule,
  orderHistoryModule,
  ordersModule,
  type AfterOrderStep,
} from './modules/orders';
import { paymentsFromConfig, paymentsModule, type PaymentsSetup } from './modules/payments';
import { adminProductsModule, productModule, uploadedImagesModule } from './modules/product';
import { ratingsModule } from './modules/ratings';
import { restockAlertsModule } from './modules/restock-alerts';
import { adminArrivalModule, arrivalModule } from './modules/shipping-calendar';
import { adminTaxModule, dorTaxCalculator, taxModule, type TaxCalculator } from './modules/tax';
import { userModule } from './modules/user';
import { errorPlugin } from './plugins/errors';
import { inputLimits } from './plugins/input-limits';
import { rateLimit, type RateLimitPlugin } from './plugins/rate-limit';
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

/** What the modules are built with: the database, the shop's details and the shared plugins. */
interface Wiring {
  database: Database;
  payments: PaymentsSetup;
  tax: TaxCalculator;
  afterOrderStep: AfterOrderStep | undefined;
  shop: ShopDetails;
  dataDir: string;
  limiter: RateLimiter;
  limits: RateLimitPlugin;
  auth: AuthPlugin;
  adminAuth: ReturnType<typeof adminAuthPlugin>;
}

/** The shop's own routes: health, the catalogue, the cart, accounts, ratings, alerts and tax. */
function shopFront({ database, shop, limiter, limits, auth, payments }: Wiring) {
  const { db } = database;
  const onMailQueued = notifyMailQueued;
  return new Elysia({ name: 'shop-front' })
    .use(healthModule(database))
    .use(productModule(db, limits))
    .use(cartModule(db))
    .use(addressModule)
    .use(contactModule({ db, limits, limiter, auth }))
    .use(authModule({ db, limiter, limits, auth, shop, onMailQueued }))
    .use(userModule({ db, auth, gateway: payments.gateway }))
    .use(ratingsModule({ db, auth }))
    .use(restockAlertsModule({ db, limits }))
    .use(taxModule({ db }))
    .use(arrivalModule({ db }));
}

/** An order's routes: the checkout, the payment's return and webhook, history, guests, downloads. */
function orderFlow({
  database,
  payments,
  tax,
  shop,
  limiter,
  limits,
  auth,
  afterOrderStep,
}: Wiring) {
  const { db } = database;
  const { gateway } = payments;
  const onMailQueued = notifyMailQueued;
  return new Elysia({ name: 'order-flow' })
    .use(
      ordersModule(
        { db, gateway, tax, shop, onMailQueued, afterStep: afterOrderStep },
        { plugin: limits, limiter, auth },
      ),
    )
    .use(paymentsModule(db, payments, limits, { shop, onMailQueued }))
    .use(orderHistoryModule({ db, gateway, shop, auth, limiter, onMailQueued }))
    .use(guestOrdersModule({ db, gateway, shop, limiter, onMailQueued }))
    .use(downloadsModule({ db, shop, auth, limits, onMailQueued }));
}

/**
 * The back office under /api/admin: each domain's pages from its module (orders, catalogue, stock,
 * tax, gift cards), the cross-domain ones from admin/ (docs/recipes/back-office-page.md).
 */
function backOfficeRoutes({ database, payments, shop, limiter, adminAuth, dataDir }: Wiring) {
  const { db } = database;
  const { gateway } = payments;
  const onMailQueued = notifyMailQueued;
  return new Elysia({ name: 'back-office' })
    .use(adminTaxModule({ db, adminAuth }))
    .use(adminArrivalModule({ db, adminAuth }))
    .use(adminModule({ db, shop, gateway, onMailQueued, dataDir, adminAuth }))
    .use(adminOrdersModule({ db, shop, gateway, onMailQueued, adminAuth }))
    .use(adminProductsModule({ db, dataDir, adminAuth }))
    .use(adminStockModule({ db, adminAuth }))
    .use(giftCardsModule({ db, shop, limiter, onMailQueued, adminAuth }))
    .use(discountAdminRoutes({ db, adminAuth }))
    .use(uploadedImagesModule(dataDir));
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
  // The signed-in user for any module: `auth: true` or `optionalAuth: true`
  // (api/modules/auth/plugin.ts); the back office's `admin: true` reads the role each time.
  const signing = { db: database.db, secret: settings.jwtSecret, siteUrl: shop.siteUrl };
  const wiring: Wiring = {
    database,
    payments,
    tax,
    afterOrderStep,
    shop,
    dataDir: settings.dataDir,
    limiter,
    limits: rateLimit(limiter),
    auth: authPlugin(signing),
    adminAuth: adminAuthPlugin(signing),
  };
  return new Elysia({ prefix: '/api', name: 'evergreen-api' })
    .use(requestContext)
    .use(errorPlugin)
    .use(inputLimits)
    .use(shopFront(wiring))
    .use(orderFlow(wiring))
    .use(backOfficeRoutes(wiring));
}

export type App = ReturnType<typeof createApp>;
