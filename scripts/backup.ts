// npm run backup: one archive of the shop (database, uploads, secrets, manifest) in BACKUP_DIR.
// On the embedded database while the shop runs, the running shop takes it (it owns the database).
import { randomUUID } from 'node:crypto';
import { config, ConfigError } from '../api/config';
import { keepNewFilesPrivate } from '../api/db/private-files';
import { createBackup, shopVersion } from '../api/modules/backup';
import { requestBackup, runningShop } from '../api/modules/backup';
import { openConfiguredDatabase } from './configured-database';

keepNewFilesPrivate();
const settings = config();
const dir = settings.backups.dir;

async function backup(): Promise<string> {
  const shop = settings.databaseUrl ? undefined : runningShop(settings.dataDir);
  if (shop) {
    console.log(`The shop is running (pid ${shop.pid}): it takes the backup of its database.`);
    const answer = await requestBackup(settings.dataDir, shop, randomUUID());
    if (answer.error || !answer.file) throw new Error(answer.error ?? 'no archive was written');
    return answer.file;
  }
  // Refused while another command owns the embedded database's folder.
  const database = await openConfiguredDatabase('npm run backup');
  try {
    const { file, manifest } = await createBackup(
      {
        database,
        databaseUrl: settings.databaseUrl,
        dataDir: settings.dataDir,
        shopVersion: shopVersion(),
      },
      dir,
    );
    const { orders, customers, products } = manifest.counts;
    console.log(
      `${orders} orders, ${customers} customers, ${products} products, ${Object.keys(manifest.checksums).length - 1} other files.`,
    );
    return file;
  } finally {
    await database.close();
  }
}

try {
  console.log(`Backup written: ${await backup()}`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`The backup failed: ${message}`);
  process.exitCode = error instanceof ConfigError ? 2 : 1;
}
