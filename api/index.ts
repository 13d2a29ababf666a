import { createApp, type App } from './app';
import { config } from './config';
import { appDatabase } from './db';
import { shopDetails } from './modules/mail/templates';
import { notifyMailQueued } from './modules/mail/signal';
import { startOrderRecovery } from './modules/orders/recovery';
import { paymentsFromConfig } from './modules/payments/setup';

const APP_KEY = Symbol.for('evergreen.api');
const RECOVERY_KEY = Symbol.for('evergreen.order-recovery');
type Holder = {
  [APP_KEY]?: Promise<App>;
  [RECOVERY_KEY]?: ReturnType<typeof startOrderRecovery>;
};

/**
 * The process's API app on the configured database. The production entry and Astro's catch-all
 * endpoint (under `astro dev`) both reach this one instance.
 */
export function apiApp(): Promise<App> {
  const holder = globalThis as Holder;
  return (holder[APP_KEY] ??= appDatabase().then((database) => {
    const payments = paymentsFromConfig(database.db);
    // Settles orders a crash left pending_payment: at start-up, then every minute.
    holder[RECOVERY_KEY] = startOrderRecovery(
      {
        db: database.db,
        gateway: payments.gateway,
        shop: shopDetails(),
        onMailQueued: notifyMailQueued,
      },
      { olderThanMs: config().orders.recoveryAfterSeconds * 1000 },
    );
    return createApp({ database, payments });
  }));
}

/** Stops the order recovery job, waiting for a round under way (call before closing the database). */
export async function stopOrderRecovery(): Promise<void> {
  await (globalThis as Holder)[RECOVERY_KEY]?.stop();
}
