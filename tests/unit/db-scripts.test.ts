import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/client';
import { products } from '../../api/db/schema';
import { products as catalogue } from '../../api/db/seed/catalogue';
import { nodeEntry } from '../helpers/node-entry';

const run = promisify(execFile);

/** The npm scripts' commands on an embedded database in a folder of its own. */
async function script(name: string, dataDir: string) {
  return run(process.execPath, await nodeEntry(`scripts/${name}.ts`), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
}

describe('db:migrate and db:seed on the embedded database', () => {
  it('migrate, seed twice, and the data is there for the next process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-scripts-'));
    expect((await script('db-migrate', dataDir)).stdout).toContain('Migrations applied (pglite)');
    expect((await script('db-seed', dataDir)).stdout).toContain(
      `Seeded ${catalogue.length} products`,
    );
    await script('db-seed', dataDir);

    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      const [row] = await database.db.select({ n: count() }).from(products);
      expect(row!.n).toBe(catalogue.length);
    } finally {
      await database.close();
    }
  }, 90_000);
});
