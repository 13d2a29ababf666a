import { resolve } from 'node:path';
import { config, ConfigError } from '../api/config';
import { lockDataFolder } from '../api/db/data-lock';
import { keepNewFilesPrivate } from '../api/db/private-files';
import { LONG_WORK_TIMEOUTS, migrateDatabase, openDatabase, type Database } from '../api/db/client';

/** Where the embedded database lives under the configured data directory. */
export const embeddedDataDir = () => resolve(config().dataDir, 'db');

/**
 * Opens the configured database (DATABASE_URL, or the embedded one), brings it to the committed
 * migrations, runs `work` on it and closes it, whatever happens.
 */
export async function withMigratedDatabase<T>(
  command: string,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openConfiguredDatabase(command);
  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Opens the configured database for `command` (e.g. 'npm run db:migrate'); the embedded one only
 * while no other process owns its data folder (api/db/data-lock.ts), which it then owns until
 * closed. A refusal is one sentence naming the owner.
 */
export async function openConfiguredDatabase(command: string): Promise<Database> {
  keepNewFilesPrivate();
  const { databaseUrl, dataDir, embedded } = config();
  const release = databaseUrl ? () => {} : lockDataFolder(dataDir, command);
  try {
    const database = await openDatabase({
      url: databaseUrl,
      dataDir: embeddedDataDir(),
      pglite: embedded,
      timeouts: LONG_WORK_TIMEOUTS,
    });
    const close = database.close.bind(database);
    database.close = () => close().finally(release);
    return database;
  } catch (error) {
    release();
    throw error;
  }
}

/** A command's failure: a ConfigError (a refused lock among them) is its one sentence. */
export function reportRefusal(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
