import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../api/db/client';
import { seedCatalogue } from '../../api/seed';
import {
  openPrepared,
  preparedPgliteDump,
  preparedPostgresTemplate,
  withDatabase,
  type Prepared,
} from './prepared-db';

export interface TestDatabase {
  database: Database;
  /** The database's postgres:// URL on PostgreSQL; undefined on PGlite. */
  url?: string | undefined;
  /** Closes the database and, on PostgreSQL, drops it. */
  cleanup(): Promise<void>;
}

async function runSql(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated (and, with `seed`, seeded) database for one test file, copied from the one this
 * run prepared (tests/helpers/prepared-db.ts): an in-memory PGlite database of its own, or, when
 * DATABASE_URL is set, a new PostgreSQL database of its own so parallel files never collide.
 * Outside the node project's run (no prepared place), it migrates and seeds a new one itself.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const kind: Prepared = options.seed ? 'seeded' : 'migrated';
  const place = inject('preparedPlace');
  const baseUrl = process.env.DATABASE_URL;
  const id = randomBytes(6).toString('hex');
  let database: Database;
  let remove = async () => {};
  let url: string | undefined;
  if (baseUrl) {
    const name = `evergreen_test_${id}`;
    const template = place
      ? ` template ${await preparedPostgresTemplate(baseUrl, place, kind)}`
      : '';
    await runSql(baseUrl, `create database ${name}${template}`);
    url = withDatabase(baseUrl, name);
    database = await openDatabase({ url, poolSize: 25 });
    remove = () => runSql(baseUrl, `drop database if exists ${name} with (force)`);
  } else if (place) {
    database = await openPrepared(await preparedPgliteDump(place, kind));
  } else {
    database = await openDatabase();
  }
  if (!place) {
    await migrateDatabase(database);
    if (options.seed) await seedCatalogue(database.db);
  }
  return {
    database,
    url,
    cleanup: async () => {
      await database.close();
      await remove();
    },
  };
}
