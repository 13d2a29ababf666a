import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../../config';
import { forLongWork, type Database } from '../../db/client';
import { runExclusive } from '../jobs';
import { createBackup } from './create';
import { startNightlyBackups } from './schedule';

/** The shop's version, from the package.json of the folder it runs in. */
export function shopVersion(): string {
  const file = resolve(process.cwd(), 'package.json');
  if (!existsSync(file)) return 'unknown';
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
}

/**
 * The running shop's nightly backup (BACKUP_AT, into BACKUP_DIR), taken by one process at a time
 * however many share the database (the scheduled jobs' lock). Undefined when BACKUP_AT=off.
 */
export function startBackupSchedule(database: Database, settings: Config) {
  const { at, dir } = settings.backups;
  if (!at) return undefined;
  // The jobs' longer statement limits (PostgreSQL), not a request's.
  const longWork = forLongWork(database);
  return startNightlyBackups({
    at,
    dir,
    backup: (now) =>
      runExclusive(longWork, async () => {
        await createBackup(
          {
            database: longWork,
            databaseUrl: settings.databaseUrl,
            dataDir: settings.dataDir,
            shopVersion: shopVersion(),
          },
          dir,
          now,
        );
      }),
  });
}

export { createBackup } from './create';
export { restoreBackup } from './restore';
export { backupStatus } from './schedule';

// The public face (issue 37 point 1): what other modules may use.
export { answerFile, requestBackup, runningShop, takeBackupRequest } from './running-shop';
