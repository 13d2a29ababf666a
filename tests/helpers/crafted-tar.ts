import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Archives an attacker would craft (issue 36 row 5): a ustar reader and writer of the test's own,
 * independent of the shop's, that writes any name, type flag and link target with a valid
 * checksum, so only the restore's own checks stand between the archive and the disk.
 */
const BLOCK = 512;

export interface CraftedEntry {
  name: string;
  /** ustar type flag: '0' file, '1' hard link, '2' symlink, '3' character device, '5' folder … */
  type: string;
  data: Buffer;
  linkname?: string;
}

const field = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

function header(entry: CraftedEntry): Buffer {
  const block = Buffer.alloc(BLOCK);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  block.write(entry.name, 0, 100);
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(entry.data.length, 12), 124);
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write(entry.type, 156, 1);
  block.write(entry.linkname ?? '', 157, 100);
  block.write('ustar\0' + '00', 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148);
  return block;
}

/** The entries of a .tar.gz (pax extended headers skipped: the shop's names are short). */
export function readArchive(file: string): CraftedEntry[] {
  const archive = gunzipSync(readFileSync(file));
  const entries: CraftedEntry[] = [];
  for (let offset = 0; offset + BLOCK <= archive.length;) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = field(block, 156, 1) || '0';
    const prefix = field(block, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
    const data = Buffer.from(archive.subarray(offset + BLOCK, offset + BLOCK + size));
    if (type !== 'x' && type !== 'g') entries.push({ name, type, data });
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/**
 * Writes `entries` as a backup archive whose manifest's checksums are recomputed for every file
 * entry, as an attacker holding a real backup would.
 */
export function writeCraftedBackup(file: string, entries: CraftedEntry[]): void {
  const manifestEntry = entries.find((entry) => entry.name === 'manifest.json')!;
  const manifest = JSON.parse(manifestEntry.data.toString('utf8')) as {
    checksums: Record<string, string>;
  };
  manifest.checksums = Object.fromEntries(
    entries
      .filter((entry) => entry !== manifestEntry && entry.type === '0')
      .map((entry) => [entry.name, createHash('sha256').update(entry.data).digest('hex')]),
  );
  const rest = entries.filter((entry) => entry !== manifestEntry);
  const manifestData = Buffer.from(JSON.stringify(manifest));
  writeFileSync(file, gzipSync(tarOf([{ ...manifestEntry, data: manifestData }, ...rest])));
}

/** A plain (uncompressed) tar of `entries`, in their order. */
export function tarOf(entries: CraftedEntry[]): Buffer {
  const parts = entries.map((entry) => {
    const pad = Buffer.alloc((BLOCK - (entry.data.length % BLOCK)) % BLOCK);
    return Buffer.concat([header(entry), entry.data, pad]);
  });
  return Buffer.concat([...parts, Buffer.alloc(BLOCK * 2)]);
}
