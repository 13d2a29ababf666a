/**
 * Makes a shop's data folder as the server's first start would (the embedded database in `db/`,
 * migrated and seeded), once per end-to-end run: the servers the run starts copy it instead of each
 * running initdb, the migrations and the seed (issue 23 point 6).
 * Run with `node --import tsx tests/helpers/prepare-data-dir.ts <folder>`.
 */
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { seedIfEmpty } from '../../api/seed';

const folder = process.argv[2];
if (!folder) throw new Error('Usage: prepare-data-dir.ts <folder>');
const database = await openDatabase({ dataDir: join(folder, 'db') });
await migrateDatabase(database);
await seedIfEmpty(database.db);
await database.close();
