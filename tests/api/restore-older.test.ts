import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder, openDatabase } from '../../api/db/client';
import { createBackup } from '../../api/modules/backup/create';
import { codeMigrationLevel } from '../../api/modules/backup/manifest';
import { restoreBackup } from '../../api/modules/backup/restore';

/**
 * An archive from an older version of the shop (its database one migration behind) is restored
 * and then brought up to this version's migrations.
 */
describe.skipIf(process.env.DATABASE_URL)('restoring an older archive', () => {
  const shipped = migrationsFolder();
  afterAll(() => {
    delete process.env.MIGRATIONS_DIR;
  });

  it('migrates it to this version', async () => {
    // The previous release's migrations: this one's without the newest.
    const older = mkdtempSync(join(tmpdir(), 'evergreen-migrations-'));
    cpSync(shipped, older, { recursive: true });
    const journalFile = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    writeFileSync(journalFile, JSON.stringify(journal));
    process.env.MIGRATIONS_DIR = older;
    const database = await openDatabase();
    let file: string;
    try {
      await migrateDatabase(database);
      const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-old-shop-'));
      ({ file } = await createBackup(
        { database, dataDir, shopVersion: '0.0.9' },
        join(dataDir, 'backups'),
      ));
    } finally {
      await database.close();
    }
    process.env.MIGRATIONS_DIR = shipped;

    const code = codeMigrationLevel();
    const target = mkdtempSync(join(tmpdir(), 'evergreen-restored-'));
    const report = await restoreBackup(file, { dataDir: target });
    expect(report.manifest.migrations.count).toBe(code.count - 1);
    expect(report.migrated).toBe(1);
    const restored = await openDatabase({ dataDir: join(target, 'db') });
    try {
      const result = (await restored.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { count: number }[] };
      expect(result.rows[0]!.count).toBe(code.count);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
