import { resolve } from 'node:path';
import { config } from '../api/config';
import { migrateDatabase, openDatabase, type Database } from '../api/db/client';

/** Where the embedded database lives under the configured data directory. */
export const embeddedDataDir = () => resolve(config().dataDir, 'db');

/**
 * Opens the configured database (DATABASE_URL, or the embedded one), brings it to the committed
 * migrations, runs `work` on it and closes it, whatever happens.
 */
export async function withMigratedDatabase<T>(
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const { databaseUrl, embedded } = config();
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: embeddedDataDir(),
    pglite: embedded,
  });
  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}
