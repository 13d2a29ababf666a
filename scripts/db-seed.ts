// npm run db:seed: loads the demo catalogue (idempotent: products are matched by slug and brought
// back to the catalogue's values). Stop the shop first when it runs on the embedded database.
import { seedCatalogue } from '../api/seed';
import { reportRefusal, withMigratedDatabase } from './configured-database';

await withMigratedDatabase('npm run db:seed', async (database) => {
  const { products } = await seedCatalogue(database.db);
  console.log(`Seeded ${products} products (${database.kind}).`);
}).catch(reportRefusal);
