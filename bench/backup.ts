// npm run bench:backup: the memory a backup costs the shop (issue 36 row 6). A temporary DATA_DIR
// gets a 200 MB uploads folder (incompressible) and an embedded database of about 70 MB; then a
// child process opens that database as the shop does and takes the backup the way a running shop
// does (api/modules/backup createBackup), sampling its own memory meanwhile. It prints the growth
// of its resident memory over what it held before (target: at most 64 MB) and exits 1 above it.
// BENCH_UPLOADS_MB and BENCH_DATABASE_MB change the sizes; BENCH_KEEP=1 keeps the folder.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../api/db/client';
import { createBackup } from '../api/modules/backup';

const MB = 1024 * 1024;
const UPLOADS_MB = Number(process.env.BENCH_UPLOADS_MB ?? 200);
const DATABASE_MB = Number(process.env.BENCH_DATABASE_MB ?? 70);
const TARGET_MB = 64;

/** Resident memory now, and its peak so far (VmHWM), in MB, from /proc. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function sizeOf(path: string): number {
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** The shop's data: uploads of random bytes, and a database grown with a filler table. */
async function prepare(dataDir: string): Promise<void> {
  const uploads = join(dataDir, 'uploads', 'products');
  mkdirSync(uploads, { recursive: true });
  for (let n = 0; n < UPLOADS_MB; n += 1) {
    writeFileSync(join(uploads, `bench-${String(n).padStart(4, '0')}.webp`), randomBytes(MB));
  }
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const { db } = database;
    await db.execute(sql.raw('create table bench_filler (id int primary key, body text not null)'));
    // ~1 KB a row, random enough that PostgreSQL does not compress it.
    for (let done = 0; done < DATABASE_MB * 1000; done += 10_000) {
      await db.execute(
        sql.raw(`insert into bench_filler select g, (select string_agg(md5(random()::text || k), '')
           from generate_series(1, 30) k) from generate_series(${done + 1}, ${done + 10_000}) g`),
      );
    }
    await db.execute(sql.raw('checkpoint'));
  } finally {
    await database.close();
  }
}

/** The child: open the database as the shop does, then back it up while watching memory. */
async function measure(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  await database.ping();
  global.gc?.();
  const before = memory();
  let peak = before.rss;
  const timer = setInterval(() => (peak = Math.max(peak, memory().rss)), 10);
  const started = Date.now();
  const { file } = await createBackup(
    { database, dataDir, shopVersion: 'bench' },
    join(dataDir, 'backups'),
  );
  clearInterval(timer);
  const after = memory();
  peak = Math.max(peak, after.rss, after.peak > before.peak ? after.peak : 0);
  await database.close();
  console.log(
    JSON.stringify({
      seconds: (Date.now() - started) / 1000,
      archiveMb: statSync(file).size / MB,
      beforeMb: before.rss,
      peakMb: peak,
    }),
  );
}

async function main(): Promise<void> {
  if (process.argv[2] === 'child') return measure(process.argv[3]!);
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-bench-backup-'));
  try {
    console.log(
      `Preparing ${UPLOADS_MB} MB of uploads and a ~${DATABASE_MB} MB database in ${dataDir}…`,
    );
    await prepare(dataDir);
    const uploadsMb = sizeOf(join(dataDir, 'uploads')) / MB;
    const databaseMb = sizeOf(join(dataDir, 'db')) / MB;
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/backup.ts', 'child', dataDir],
      { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } },
    );
    const result = JSON.parse(output.trim().split('\n').pop()!) as Record<string, number>;
    const growth = result.peakMb! - result.beforeMb!;
    const row = (label: string, value: string) => console.log(`${label.padEnd(30)}${value}`);
    row('uploads', `${uploadsMb.toFixed(0)} MB`);
    row('database folder', `${databaseMb.toFixed(0)} MB`);
    row('archive', `${result.archiveMb!.toFixed(0)} MB in ${result.seconds!.toFixed(1)} s`);
    row('shop memory before', `${result.beforeMb!.toFixed(0)} MB`);
    row('shop memory peak', `${result.peakMb!.toFixed(0)} MB`);
    row('peak growth', `${growth.toFixed(0)} MB (target ≤ ${TARGET_MB} MB)`);
    if (growth > TARGET_MB) process.exitCode = 1;
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
