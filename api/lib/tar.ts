import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { extract, Header, list, Pack, ReadEntry } from 'tar';

/**
 * Archives through the maintained `tar` library (issue 36 row 6), streamed: files go from disk
 * through tar and gzip into the archive, and back, a chunk at a time, so an archive is never held
 * in memory. Every entry read is checked first (`entryRefusal`): the library's own defaults strip
 * or skip what is unsafe, but a restore refuses such an archive whole.
 */
const CHUNK = 256 * 1024;

/** What an archive entry is, as far as a restore cares. */
export type EntryKind = 'file' | 'directory' | 'link' | 'other';

/** The kind of a `tar` entry type ('File', 'Directory', 'SymbolicLink' …). */
export function kindOf(type: string | undefined): EntryKind {
  if (type === 'File' || type === 'OldFile' || type === 'ContiguousFile') return 'file';
  if (type === 'Directory') return 'directory';
  if (type === 'Link' || type === 'SymbolicLink') return 'link';
  return 'other';
}

/**
 * Why the entry `name` of kind `kind` must not be unpacked, or undefined when it may: only files
 * and folders, at relative paths without `..`, so nothing lands outside the target folder.
 */
export function entryRefusal(name: string, kind: EntryKind): string | undefined {
  const refused = (why: string) => `its entry ${name} ${why}`;
  if (name === '' || name.includes('\0')) return refused('has no usable name');
  if (/^([/\\]|[a-zA-Z]:)/.test(name)) return refused('is an absolute path');
  if (name.split(/[/\\]/).includes('..')) return refused('has .. in its path');
  if (kind === 'link') return refused('is a link');
  if (kind !== 'file' && kind !== 'directory') return refused('is neither a file nor a folder');
  return undefined;
}

export interface ArchiveWriter {
  /** Appends a file (a path on disk, or bytes) as `name`; answers its sha256 (hex). */
  add(name: string, source: string | Buffer): Promise<string>;
  /** Appends an (empty) folder as `name`. */
  addFolder(name: string): void;
  /** Ends the archive and waits until it is on disk. */
  close(): Promise<void>;
}

/**
 * A .tar.gz (or, with `gzip` false, a plain .tar) written to `file` (0600) an entry at a time,
 * each hashed on its way in.
 */
export function writeArchive(file: string, mtime: Date, gzip = true): ArchiveWriter {
  const pack = new Pack({ portable: true, strict: true });
  const out = createWriteStream(file, { mode: 0o600 });
  const zip = gzip ? createGzip() : undefined;
  pack.on('error', (error: unknown) => (zip ?? out).destroy(error as Error));
  pack.pipe(zip ?? out);
  const written = zip ? pipeline(zip, out) : once(out, 'close');
  written.catch(() => {}); // answered by close()
  return {
    async add(name, source) {
      const size = typeof source === 'string' ? (await stat(source)).size : source.length;
      const entry = new ReadEntry(
        new Header({ path: name, type: 'File', size, mode: 0o600, mtime }),
      );
      pack.add(entry);
      const hash = createHash('sha256');
      const chunks =
        typeof source !== 'string'
          ? [source]
          : size > 0
            ? createReadStream(source, { highWaterMark: CHUNK, end: size - 1 })
            : [];
      for await (const chunk of chunks as AsyncIterable<Buffer>) {
        hash.update(chunk);
        if (!entry.write(chunk)) await once(entry, 'drain');
      }
      entry.end();
      return hash.digest('hex');
    },
    addFolder(name) {
      const header = new Header({
        path: `${name}/`,
        type: 'Directory',
        size: 0,
        mode: 0o700,
        mtime,
      });
      const entry = new ReadEntry(header);
      pack.add(entry);
      entry.end();
    },
    async close() {
      pack.end();
      await written;
    },
  };
}

/**
 * Reads every entry of a tar (gzip or not) in order, strictly (a bad checksum or a cut archive
 * throws). `onEntry` is called with each, synchronously, and must consume it (attach a listener
 * or pipe it) before it returns; what it answers is awaited before the read is done.
 */
export async function readArchive(
  file: string,
  onEntry: (entry: ReadEntry) => Promise<unknown> | undefined,
): Promise<void> {
  const pending: Promise<unknown>[] = [];
  await list({
    file,
    strict: true,
    maxReadSize: CHUNK,
    onReadEntry: (entry) => {
      const done = onEntry(entry);
      if (done) pending.push(done);
    },
  });
  await Promise.all(pending);
}

/** Streams an entry into a new file (0600), making its folder; answers when it is on disk. */
export async function entryToFile(entry: ReadEntry, path: string): Promise<void> {
  mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
  const out = createWriteStream(path, { mode: 0o600 });
  entry.pipe(out);
  await once(out, 'close');
}

/**
 * Unpacks a tar file's folders and files into `folder` (the embedded database's first image and a
 * backup's database): every entry is checked first, leading slashes aside (PGlite writes its
 * dumps with them), and anything refused throws before anything is written.
 */
export function extractTarFile(file: string, folder: string): void {
  let refusal: string | undefined;
  list({
    file,
    sync: true,
    maxReadSize: CHUNK,
    onReadEntry: (entry) => {
      refusal ??= entryRefusal(entry.path.replace(/^\/+/, ''), kindOf(entry.type));
    },
  });
  if (refusal) throw new Error(`Refused ${file}: ${refusal}.`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const warnings: string[] = [];
  extract({
    file,
    sync: true,
    cwd: folder,
    maxReadSize: CHUNK,
    fmode: 0o600,
    dmode: 0o700,
    filter: (path, entry) =>
      !entryRefusal(path.replace(/^\/+/, ''), kindOf((entry as ReadEntry).type)),
    // Stripping the leading slash is expected; anything else the library warns of is an error.
    onwarn: (code, message) => {
      if (code !== 'TAR_ENTRY_INFO') warnings.push(`${code}: ${message}`);
    },
  });
  if (warnings.length) throw new Error(`${file} could not be unpacked: ${warnings[0]}`);
}
