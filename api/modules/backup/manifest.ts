import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../../db/client';

/** What `manifest.json`, the archive's first file, says about the rest. */
export interface Manifest {
  format: 'evergreen-backup';
  formatVersion: 1;
  /** The shop's version (package.json) that wrote it. */
  shopVersion: string;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; file: string };
  migrations: MigrationLevel;
  counts: ShopCounts;
  /** sha256 (hex) of every other file in the archive, by its name there. */
  checksums: Record<string, string>;
}

/** How many migrations a database has applied, and the newest one's timestamp (drizzle's `when`). */
export interface MigrationLevel {
  count: number;
  last: number;
}

export interface ShopCounts {
  orders: number;
  customers: number;
  products: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export const MANIFEST = 'manifest.json';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The migration level of this copy of the shop: its committed migrations. */
export function codeMigrationLevel(folder = migrationsFolder()): MigrationLevel {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return {
    count: journal.entries.length,
    last: Math.max(0, ...journal.entries.map((entry) => entry.when)),
  };
}

/** The statement that reads a database's migration level (drizzle's own bookkeeping table). */
export const MIGRATION_LEVEL_SQL = `select count(*)::int as count, coalesce(max(created_at), 0)::text as last
  from drizzle.__drizzle_migrations`;

/** The statement that reads the counts a restore compares. */
export const COUNTS_SQL = `select
  (select count(*) from orders)::int as orders,
  (select count(*) from users where role = 'customer')::int as customers,
  (select count(*) from products)::int as products`;

export function levelOf(row: { count: number | string; last: number | string } | undefined) {
  return { count: Number(row?.count ?? 0), last: Number(row?.last ?? 0) };
}

export function countsOf(row: Record<string, unknown> | undefined): ShopCounts {
  return {
    orders: Number(row?.orders ?? 0),
    customers: Number(row?.customers ?? 0),
    products: Number(row?.products ?? 0),
  };
}

/** Refuses an archive made by a newer shop: its database knows migrations this one does not. */
export function assertRestorable(archive: MigrationLevel, code: MigrationLevel): void {
  if (archive.count > code.count || archive.last > code.last) {
    throw new BackupError(
      `This backup comes from a newer version of the shop (${archive.count} database migrations; this version has ${code.count}). Install the version that made it, or a newer one, then restore.`,
    );
  }
}

/** The archive's name for a backup taken at `at` (UTC), sortable and safe on every file system. */
export function archiveName(at: Date): string {
  return `evergreen-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

const ARCHIVE_NAME = /^evergreen-backup-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)Z\.tar\.gz$/;

/** When the archive named `name` was taken, or undefined for any other file. */
export function archiveTime(name: string): Date | undefined {
  const match = ARCHIVE_NAME.exec(name);
  return match ? new Date(`${match[1]}:${match[2]}:${match[3]}Z`) : undefined;
}
