// npm run db:migrate: applies the committed migrations to the configured database.
import { resolve } from 'node:path';
import { config } from '../api/config';
import { migrateDatabase, openDatabase } from '../api/db/client';

const { databaseUrl, dataDir, embedded } = config();
const database = await openDatabase({
  url: databaseUrl,
  dataDir: resolve(dataDir, 'db'),
  pglite: embedded,
});
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
