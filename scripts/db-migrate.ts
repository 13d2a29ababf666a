// npm run db:migrate: applies the committed migrations to the configured database.
import { reportRefusal, withMigratedDatabase } from './configured-database';

await withMigratedDatabase('npm run db:migrate', async (database) => {
  console.log(`Migrations applied (${database.kind}).`);
}).catch(reportRefusal);
