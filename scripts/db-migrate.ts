// npm run db:migrate: applies the committed migrations to the configured database.
import { withMigratedDatabase } from './configured-database';

await withMigratedDatabase(async (database) => {
  console.log(`Migrations applied (${database.kind}).`);
});
