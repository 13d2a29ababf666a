import { resolve } from 'node:path';
import { config } from '../config';
import { migrateDatabase, openDatabase, sharedDatabase, type Database } from './client';
import { seedIfEmpty } from './seed';

/**
 * Opens the configured database once per process, applies pending migrations and seeds the demo
 * catalogue into an empty database.
 */
export function appDatabase(): Promise<Database> {
  return sharedDatabase(async () => {
    const { databaseUrl, dataDir, embedded } = config();
    const database = await openDatabase({
      url: databaseUrl,
      dataDir: resolve(dataDir, 'db'),
      pglite: embedded,
    });
    await migrateDatabase(database);
    await seedIfEmpty(database.db);
    return database;
  });
}

export * from './client';
