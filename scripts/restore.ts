// npm run restore -- <archive> [--force]: brings a backup back into a stopped shop (DATA_DIR), or
// into an empty PostgreSQL database (DATABASE_URL), and compares what it restored with the manifest.
import { randomBytes } from 'node:crypto';
import { config } from '../api/config';
import { lockDataFolder } from '../api/db/data-lock';
import { keepNewFilesPrivate } from '../api/db/private-files';
import { restoreBackup } from '../api/modules/backup';
import { runningShop } from '../api/modules/backup';

// The restore signs nothing: loading the configuration must not generate a development secret
// into the folder being restored (the archive brings the shop's own).
process.env.JWT_SECRET ||= randomBytes(48).toString('base64url');
// What it brings back (database, uploads, secrets) is the shop's user's only.
keepNewFilesPrivate();

const args = process.argv.slice(2);
const force = args.includes('--force');
const archive = args.find((arg) => !arg.startsWith('--'));

async function restore(): Promise<boolean> {
  if (!archive) throw new Error('Usage: npm run restore -- <archive.tar.gz> [--force]');
  const settings = config();
  const shop = settings.databaseUrl ? undefined : runningShop(settings.dataDir);
  if (shop)
    throw new Error(`The shop is running (pid ${shop.pid}) on ${settings.dataDir}: stop it first.`);
  // The data folder is this command's until it is done: no shop starts on it meanwhile.
  const release = settings.databaseUrl
    ? () => {}
    : lockDataFolder(settings.dataDir, 'npm run restore');
  const report = await restoreBackup(archive, {
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    force,
  }).finally(release);
  const { manifest, counts } = report;
  console.log(
    `Restored the backup of ${manifest.createdAt} (shop ${manifest.shopVersion}, ${manifest.database.kind}) into ${settings.databaseUrl ? 'the PostgreSQL database' : settings.dataDir}.`,
  );
  if (report.migrated)
    console.log(`Brought it up to this version: ${report.migrated} migrations applied.`);
  let same = true;
  for (const name of ['orders', 'customers', 'products'] as const) {
    const matches = counts[name] === manifest.counts[name];
    same &&= matches;
    console.log(
      `  ${name}: ${counts[name]} (the backup says ${manifest.counts[name]}) ${matches ? 'ok' : 'DIFFERENT'}`,
    );
  }
  console.log(`  uploaded files: ${report.uploads}`);
  for (const path of report.setAside) console.log(`  kept what it replaced in ${path}`);
  return same;
}

try {
  if (!(await restore())) process.exitCode = 1;
} catch (error) {
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
