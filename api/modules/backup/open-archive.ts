import { createHash } from 'node:crypto';
import { Parser, type ReadEntry } from 'tar';
import { entryRefusal, kindOf, readArchive } from '../../lib/tar';
import { assertRestorableEntry } from './entries';
import { BackupError, MANIFEST, type Manifest } from './manifest';

/** The manifest is small; anything larger is not one. */
const MANIFEST_MAX = 4 * 1024 * 1024;

/** The embedded database's folder, a tar inside the archive (PGlite names its entries from /). */
const PGLITE_DUMP = 'database/pglite.tar';

/** Reads the database's own tar as it streams by; answers the first refusal of its entries. */
function innerRefusal(entry: ReadEntry): Promise<string | undefined> {
  let refusal: string | undefined;
  const parser = new Parser({
    strict: true,
    onReadEntry: (inner) => {
      refusal ??= entryRefusal(inner.path.replace(/^\/+/, ''), kindOf(inner.type));
      inner.resume();
    },
  });
  parser.on(
    'error',
    (error: unknown) => (refusal ??= `${PGLITE_DUMP} is damaged: ${String(error)}`),
  );
  entry.on('data', (chunk: Buffer) => parser.write(chunk));
  return new Promise((resolve) => {
    parser.on('end', () => resolve(refusal));
    entry.on('end', () => parser.end());
  });
}

/** Hashes an entry as it streams by; answers its sha256 (hex) once it has ended. */
function hashOf(entry: ReadEntry): Promise<string> {
  const hash = createHash('sha256');
  entry.on('data', (chunk: Buffer) => hash.update(chunk));
  return new Promise((resolve) => entry.on('end', () => resolve(hash.digest('hex'))));
}

/**
 * The archive read through once, nothing written (issue 36 rows 5 and 6): every entry must be a
 * file or folder at a safe relative name, every file is hashed on the way and checked against the
 * manifest (first in the archives of earlier versions, last in today's), and every file the
 * manifest names must be there. Answers the manifest and the names of the archive's files.
 */
export async function openArchive(
  file: string,
): Promise<{ manifest: Manifest; names: Set<string> }> {
  const hashes = new Map<string, string>();
  let manifestText = '';
  let refusal: BackupError | undefined;
  try {
    await readArchive(file, (entry) => {
      try {
        assertRestorableEntry(entry.path, entry.type);
      } catch (error) {
        refusal ??= error as BackupError;
      }
      if (refusal || entry.type === 'Directory') {
        entry.resume();
        return undefined;
      }
      if (entry.path === MANIFEST) {
        if (entry.size > MANIFEST_MAX) {
          refusal ??= new BackupError(`${file} is not a backup archive: ${MANIFEST} is too large.`);
          entry.resume();
          return undefined;
        }
        entry.on('data', (chunk: Buffer) => (manifestText += chunk.toString('utf8')));
        return undefined;
      }
      const inner =
        entry.path === PGLITE_DUMP
          ? innerRefusal(entry).then((why) => {
              if (why)
                refusal ??= new BackupError(
                  `The archive is refused: ${why}. Nothing was restored.`,
                );
            })
          : undefined;
      return Promise.all([hashOf(entry).then((hex) => hashes.set(entry.path, hex)), inner]);
    });
  } catch (error) {
    if (refusal) throw refusal;
    throw new BackupError(`${file} is not a backup archive: ${(error as Error).message}`);
  }
  if (refusal) throw refusal;
  if (!manifestText) {
    throw new BackupError(`${file} is not a backup archive: it has no ${MANIFEST}.`);
  }
  const manifest = JSON.parse(manifestText) as Manifest;
  if (manifest.format !== 'evergreen-backup') {
    throw new BackupError(`${file} is not an Evergreen backup archive.`);
  }
  for (const [name, expected] of Object.entries(manifest.checksums)) {
    const actual = hashes.get(name);
    if (!actual) throw new BackupError(`The archive is damaged: ${name} is missing.`);
    if (actual !== expected) {
      throw new BackupError(`The archive is damaged: ${name} does not match its checksum.`);
    }
  }
  for (const name of hashes.keys()) {
    if (!(name in manifest.checksums)) {
      throw new BackupError(`The archive is damaged: ${name} is not in its manifest.`);
    }
  }
  return { manifest, names: new Set(hashes.keys()) };
}
