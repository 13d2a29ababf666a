import { createApp, type App, type AppDependencies } from './app';
import { config } from './config';
import { appDatabase } from './app-database';
import { shopDetails, notifyMailQueued } from './modules/mail';
import { catalogueChanged, followCatalogueChanges } from './modules/catalogue';
import { startScheduledJobs, type ScheduledJobsOptions } from './modules/jobs';
import { paymentsFromConfig } from './modules/payments';
import { afterAnswersSettled } from './modules/auth';
import { startBackupSchedule } from './modules/backup';

let app: Promise<App> | undefined;
let jobs: ReturnType<typeof startScheduledJobs> | undefined;
let follower: Promise<() => Promise<void>> | undefined;
let backups: ReturnType<typeof startBackupSchedule>;

/**
 * What a test harness that starts this process's app may inject (tests/api/harness): a fault after
 * each order step, a pause at the end of each round of scheduled jobs. The shipped server passes
 * nothing, and no setting turns either on.
 */
export interface Harness {
  afterOrderStep?: AppDependencies['afterOrderStep'];
  endOfJobsRound?: ScheduledJobsOptions['endOfRound'];
}

/**
 * The process's API app on the configured database (the server entry, server/serve.ts); a
 * harness, if any, counts on the first call.
 */
export function apiApp(harness: Harness = {}): Promise<App> {
  return (app ??= appDatabase().then(async (database) => {
    // Other processes' catalogue changes reach this one's read model (PostgreSQL LISTEN/NOTIFY).
    follower = followCatalogueChanges(database, catalogueChanged);
    await follower;
    const payments = paymentsFromConfig(database.db);
    // Order recovery, housekeeping and retention: at start-up, then every minute, in one process
    // at a time however many share the database (api/modules/jobs).
    const settings = config();
    jobs = startScheduledJobs({
      database,
      recovery: {
        db: database.db,
        gateway: payments.gateway,
        shop: shopDetails(),
        onMailQueued: notifyMailQueued,
      },
      recoverAfterMs: settings.orders.recoveryAfterSeconds * 1000,
      retentionDays: settings.jobs.retentionDays,
      everyMs: settings.jobs.everySeconds * 1000,
      endOfRound: harness.endOfJobsRound,
    });
    // The nightly backup (BACKUP_AT into BACKUP_DIR), 7 daily and 4 weekly archives kept.
    backups = startBackupSchedule(database, settings);
    return createApp({ database, payments, afterOrderStep: harness.afterOrderStep });
  }));
}

/**
 * Stops the process's background work before the database closes: the nightly backup and the
 * scheduled jobs (order recovery, housekeeping, retention), waiting for a round under way; the catalogue follower; and
 * the emailed-link work answers left behind (so none of it meets a closed database).
 */
export async function stopBackgroundWork(): Promise<void> {
  await backups?.stop();
  await jobs?.stop();
  await afterAnswersSettled();
  await (
    await follower
  )?.();
}
