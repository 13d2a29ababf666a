// npm run db:seed: loads the demo catalogue (idempotent: products are matched by slug and brought
// back to the catalogue's values). Stop the shop first when it runs on the embedded database.
import { resolve } from 'node:path';
import { config } from '../api/config';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { seedCatalogue } from '../api/db/seed';

const { databaseUrl, dataDir, embedded } = config();
const database = await openDatabase({
  url: databaseUrl,
  dataDir: resolve(dataDir, 'db'),
  pglite: embedded,
});
try {
  await migrateDatabase(database);
  const { products } = await seedCatalogue(database.db);
  console.log(`Seeded ${products} products (${database.kind}).`);
} finally {
  await database.close();
}
