import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../api/db/client';

const folder = () => join(mkdtempSync(join(tmpdir(), 'evergreen-pglite-trigram-')), 'db');

/**
 * Migration 0001 creates pg_trgm, which no index or query uses any more: the embedded database
 * loads the extension's module only to create it (api/db/pglite.ts).
 */
describe('the embedded database and pg_trgm', () => {
  it('a new folder migrates; reopened, it opens and migrates again without the module', async () => {
    const dataDir = folder();
    const created = await openDatabase({ dataDir });
    try {
      await migrateDatabase(created);
      // The module is loaded while the folder is new: the extension's functions run.
      await expect(created.db.execute(sql`select similarity('mug', 'mugs')`)).resolves.toBeTruthy();
    } finally {
      await created.close();
    }

    const reopened = await openDatabase({ dataDir });
    try {
      await migrateDatabase(reopened);
      const found = (await reopened.db.execute(
        sql`select extname from pg_extension where extname = 'pg_trgm'`,
      )) as unknown as { rows: unknown[] };
      expect(found.rows).toHaveLength(1);
      // Without the module its functions cannot run: proof that this open did not load it.
      await expect(reopened.db.execute(sql`select similarity('mug', 'mugs')`)).rejects.toThrow();
    } finally {
      await reopened.close();
    }
  });
});
