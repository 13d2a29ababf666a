import { writeFileSync } from 'node:fs';
import type { Config } from '../api/config';
import type { Database } from '../api/db/client';
import { log } from '../api/lib/log';
import { createBackup, shopVersion } from '../api/modules/backup';
import { answerFile, takeBackupRequest } from '../api/modules/backup';

/**
 * The running shop on the embedded database (the owner of its data folder's lock) takes the backups
 * `npm run backup` asks for (SIGUSR2 after a request file: api/modules/backup/running-shop.ts),
 * one at a time, between two statements of its own work. Not needed with PostgreSQL, where the
 * script runs pg_dump itself.
 */
export function answerBackupRequests(database: Database, settings: Config) {
  if (database.kind !== 'pglite') return { stop() {} };
  let busy: Promise<void> = Promise.resolve();
  const onRequest = () => {
    busy = busy.then(async () => {
      const id = takeBackupRequest(settings.dataDir);
      if (!id) return;
      let answer: { file?: string; error?: string };
      try {
        const { file } = await createBackup(
          { database, dataDir: settings.dataDir, shopVersion: shopVersion() },
          settings.backups.dir,
        );
        answer = { file };
        log('info', 'backup written', { file });
      } catch (error) {
        answer = { error: error instanceof Error ? error.message : String(error) };
        log('error', 'backup failed', answer);
      }
      writeFileSync(answerFile(settings.dataDir, id), JSON.stringify(answer));
    });
  };
  process.on('SIGUSR2', onRequest);
  return {
    stop() {
      process.off('SIGUSR2', onRequest);
    },
  };
}
