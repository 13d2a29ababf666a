import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { config } from './config';
import { lockDataFolder } from './db/data-lock';
import { keepNewFilesPrivate, makePrivate } from './db/private-files';
import {
  migrateDatabase,
  openDatabase,
  sharedDatabase,
  unpackFirstImage,
  type Database,
} from './db';
import { seedIfEmpty } from './seed';

export interface AppDatabaseOptions {
  /**
   * The embedded database's first image (dist/pgdata.tar, made by `npm run build`): a data folder
   * that does not exist yet starts as a copy of it instead of running initdb, the first start's
   * memory peak. Ignored once the folder exists, and with DATABASE_URL.
   */
  initialImage?: string | undefined;
}

/**
 * Opens the configured database once per process, applies pending migrations and seeds the demo
 * catalogue into an empty database. The first caller's options count.
 */
export function appDatabase(options: AppDatabaseOptions = {}): Promise<Database> {
  return sharedDatabase(async () => {
    keepNewFilesPrivate();
    const { databaseUrl, dataDir, embedded, port } = config();
    // The embedded database has one owner: a second shop on this folder is refused here.
    const release = databaseUrl ? () => {} : lockDataFolder(dataDir, 'the shop', port);
    try {
      const folder = resolve(dataDir, 'db');
      const image = options.initialImage;
      if (!databaseUrl && image && existsSync(image)) unpackFirstImage(image, folder);
      const database = await openDatabase({ url: databaseUrl, dataDir: folder, pglite: embedded });
      const close = database.close.bind(database);
      database.close = () => close().finally(release);
      await migrateDatabase(database);
      await seedIfEmpty(database.db);
      // What an earlier version or another umask left open (mail, uploads, backups, secrets).
      makePrivate(dataDir);
      return database;
    } catch (error) {
      release();
      throw error;
    }
  });
}
