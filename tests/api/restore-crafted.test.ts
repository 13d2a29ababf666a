import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { createBackup } from '../../api/modules/backup/create';
import { restoreBackup } from '../../api/modules/backup/restore';
import { readArchive, tarOf, writeCraftedBackup, type CraftedEntry } from '../helpers/crafted-tar';
import { nodeEntry } from '../helpers/node-entry';

/**
 * Issue 36 row 5: a real backup re-packed with one crafted entry (its manifest's checksums
 * recomputed) is refused by the restore, with one sentence, before anything is written: an entry
 * that climbs out with `..`, an absolute one, a symbolic or hard link, a device. The data folder
 * is three levels below a scratch root, so `uploads/../../../../escaped` lands in that root.
 */
const run = promisify(execFile);
const file = (name: string, data = 'pwned\n'): CraftedEntry => ({
  name,
  type: '0',
  data: Buffer.from(data),
});

describe('a restore of a crafted archive', () => {
  const work = mkdtempSync(join(tmpdir(), 'evergreen-crafted-'));
  let real: CraftedEntry[];

  beforeAll(async () => {
    const database = await openDatabase();
    try {
      await migrateDatabase(database);
      const shopDir = join(work, 'shop');
      mkdirSync(join(shopDir, 'uploads'), { recursive: true });
      const { file: archive } = await createBackup(
        { database, dataDir: shopDir, shopVersion: '0.1.0' },
        join(work, 'backups'),
      );
      real = readArchive(archive);
    } finally {
      await database.close();
    }
  }, 60_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A scratch root holding only `a/b/data` (empty), and the crafted archive beside it. */
  function place(name: string, extra: CraftedEntry[]) {
    const root = join(work, name);
    const dataDir = join(root, 'a', 'b', 'data');
    mkdirSync(dataDir, { recursive: true });
    const archive = join(work, `${name}.tar.gz`);
    writeCraftedBackup(archive, [...real, ...extra]);
    return { root, dataDir, archive };
  }

  /** Every path under `root`, folders and files alike (the lock file aside). */
  const everything = (root: string) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.name !== 'evergreen.lock')
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .sort();

  const untouched = ['a', 'a/b', 'a/b/data'];

  const cases: [string, (root: string) => CraftedEntry, string][] = [
    [
      'dots',
      () => file('uploads/../../../../escaped'),
      'The archive is refused: its entry uploads/../../../../escaped has .. in its path. Nothing was restored.',
    ],
    ['absolute', (root) => file(`${root}/escaped`), 'is an absolute path. Nothing was restored.'],
    [
      'symlink',
      (root) => ({ name: 'uploads/link', type: '2', data: Buffer.alloc(0), linkname: root }),
      'The archive is refused: its entry uploads/link is a link. Nothing was restored.',
    ],
    [
      'hardlink',
      () => ({ name: 'uploads/hard', type: '1', data: Buffer.alloc(0), linkname: '/etc/passwd' }),
      'The archive is refused: its entry uploads/hard is a link. Nothing was restored.',
    ],
    [
      'device',
      () => ({ name: 'uploads/tty', type: '3', data: Buffer.alloc(0) }),
      'The archive is refused: its entry uploads/tty is neither a file nor a folder. Nothing was restored.',
    ],
  ];

  it.each(cases)(
    'refuses an entry of kind %s before writing anything',
    async (name, entry, says) => {
      const { root, dataDir, archive } = place(name, [
        file('uploads/products/ok.webp', 'image'),
        entry(join(work, name)),
        file('uploads/products/after.webp', 'image'),
      ]);
      await expect(restoreBackup(archive, { dataDir })).rejects.toThrow(says);
      expect(everything(root)).toEqual(untouched);
    },
    60_000,
  );

  it('refuses a database folder whose own tar climbs out, before writing anything', async () => {
    const root = join(work, 'inner');
    const dataDir = join(root, 'a', 'b', 'data');
    mkdirSync(dataDir, { recursive: true });
    const archive = join(work, 'inner.tar.gz');
    const inner = tarOf([file('/base/ok'), file('/../../../../../escaped')]);
    writeCraftedBackup(archive, [
      ...real.map((entry) =>
        entry.name === 'database/pglite.tar' ? { ...entry, data: inner } : entry,
      ),
      file('uploads/products/ok.webp', 'image'),
    ]);
    await expect(restoreBackup(archive, { dataDir, force: true })).rejects.toThrow(
      'The archive is refused: its entry ../../../../../escaped has .. in its path. Nothing was restored.',
    );
    expect(everything(root)).toEqual(untouched);
  }, 60_000);

  it('restores an archive of the earlier format (manifest first, plain ustar headers)', async () => {
    const { dataDir } = place('earlier', [file('uploads/products/ok.webp', 'image')]);
    const report = await restoreBackup(join(work, 'earlier.tar.gz'), { dataDir });
    expect(report.uploads).toBe(1);
    expect(everything(dataDir)).toEqual(expect.arrayContaining(['db', 'uploads/products/ok.webp']));
  }, 60_000);

  it('npm run restore says why and exits 1, writing nothing outside the data folder', async () => {
    const { root, dataDir, archive } = place('script', [file('uploads/../../../../escaped')]);
    const result = await run(
      process.execPath,
      [...(await nodeEntry('scripts/restore.ts')), archive],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
        },
      },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect(result).toMatchObject({
      code: 1,
      stderr:
        'The restore failed: The archive is refused: its entry uploads/../../../../escaped has .. in its path. Nothing was restored.\n',
    });
    expect(everything(root)).toEqual(untouched);
  }, 60_000);
});
