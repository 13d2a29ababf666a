import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, migrationsFolder, type Database } from '../../api/db/client';

/**
 * Migrates `database` up to and including the migration named `tag` (e.g. '0030_gift_cards') and
 * no further, as the shop of that release had it, so a test can write rows the way that release
 * wrote them and then see the next migrations carry them over (`migrateDatabase`).
 */
export async function migrateUpTo(database: Database, tag: string): Promise<void> {
  const shipped = migrationsFolder();
  const older = mkdtempSync(join(tmpdir(), 'evergreen-migrations-'));
  try {
    cpSync(shipped, older, { recursive: true });
    const journalFile = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const last = journal.entries.findIndex((entry) => entry.tag === tag);
    if (last < 0) throw new Error(`No migration named ${tag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    const previous = process.env.MIGRATIONS_DIR;
    process.env.MIGRATIONS_DIR = older;
    try {
      await migrateDatabase(database);
    } finally {
      if (previous === undefined) delete process.env.MIGRATIONS_DIR;
      else process.env.MIGRATIONS_DIR = previous;
    }
  } finally {
    rmSync(older, { recursive: true, force: true });
  }
}
