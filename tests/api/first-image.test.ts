import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../api/db/client';
import { unpackFirstImage } from '../../api/db';
import { products } from '../../api/db/schema';
import {
  codeMigrationLevel,
  levelOf,
  MIGRATION_LEVEL_SQL,
} from '../../api/modules/backup/manifest';
import { preparedPgliteDump } from '../helpers/prepared-db';

/**
 * A first start on the embedded database unpacks the image the build made (a migrated, seeded
 * data folder: scripts/build-database-image.ts) instead of running initdb; PGlite then opens it as
 * after a restart. An existing folder is never replaced.
 */
describe.skipIf(process.env.DATABASE_URL)('the first image of the embedded database', () => {
  it('becomes a data folder PGlite opens, migrated and seeded', async () => {
    const image = await preparedPgliteDump(inject('preparedPlace')!, 'seeded');
    const folder = join(mkdtempSync(join(tmpdir(), 'evergreen-first-')), 'db');
    unpackFirstImage(image, folder);
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${folder}.unpacking`)).toBe(false);
    const database = await openDatabase({ dataDir: folder });
    try {
      const [row] = await database.db.select({ total: count() }).from(products);
      expect(row!.total).toBeGreaterThan(0);
      const level = (await database.db.execute(MIGRATION_LEVEL_SQL)) as unknown as {
        rows: { count: number; last: string }[];
      };
      expect(levelOf(level.rows[0])).toEqual(codeMigrationLevel());
    } finally {
      await database.close();
    }
  }, 40_000);

  it('leaves a folder that holds anything alone', async () => {
    const image = await preparedPgliteDump(inject('preparedPlace')!, 'seeded');
    const folder = join(mkdtempSync(join(tmpdir(), 'evergreen-first-')), 'db');
    mkdirSync(folder);
    writeFileSync(join(folder, 'something'), 'the owner’s');
    unpackFirstImage(image, folder);
    expect(readdirSync(folder)).toEqual(['something']);
  });
});
