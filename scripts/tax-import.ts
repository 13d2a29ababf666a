// npm run tax:import -- <file>: imports the Department of Revenue's quarterly ZIP+4 rate file
// (issue 28). The whole file is checked first; a bad row refuses it with its line number and
// nothing is written. A period already imported with the same dates is replaced. Stop the shop
// first when it runs on the embedded database (or use the back office's Tax page, which imports
// the same way while it runs).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ConfigError } from '../api/config';
import { AppError } from '../api/lib/errors';
import { importDorFile } from '../api/modules/tax';
import { withMigratedDatabase } from './configured-database';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run tax:import -- <ZIP+4 rate file>');
  process.exit(2);
}

try {
  const content = readFileSync(file, 'utf8');
  const periods = await withMigratedDatabase('npm run tax:import', (database) =>
    importDorFile(database.db, content, { sourceName: basename(file), importedBy: 'tax:import' }),
  );
  for (const period of periods) {
    console.log(`Imported ${period.ranges} ZIP+4 ranges for ${period.start} to ${period.end}.`);
  }
} catch (error) {
  console.error(
    error instanceof AppError || error instanceof ConfigError ? error.message : String(error),
  );
  process.exit(1);
}
