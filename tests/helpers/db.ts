import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client';
import { seedCatalogue } from '../../api/db/seed';

export interface TestDatabase {
  database: Database;
  /** Closes the database and, on PostgreSQL, drops it. */
  cleanup(): Promise<void>;
}

/** The database name inside a postgres:// URL replaced. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a new PostgreSQL database of its own so parallel files never collide.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (baseUrl) {
    const name = `evergreen_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    database = await openDatabase({ url: withDatabase(baseUrl, name), poolSize: 25 });
    drop = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase();
  }
  await migrateDatabase(database);
  if (options.seed) await seedCatalogue(database.db);
  return {
    database,
    cleanup: async () => {
      await database.close();
      await drop();
    },
  };
}
