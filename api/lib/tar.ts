import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A minimal ustar writer and reader (the backup archive, the embedded database's first image), so
 * an archive opens with any `tar -xzf` and the shop needs no archive library. Names are at most 100 bytes,
 * or 255 split at a `/` into ustar's prefix and name.
 */
const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Buffer;
  /** The ustar type flag ('0' a file, '5' a folder, '1' and '2' links …), as read. */
  type?: string;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  const cut = name.lastIndexOf('/', 155);
  const prefix = name.slice(0, cut);
  const base = name.slice(cut + 1);
  if (cut <= 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155) {
    throw new Error(`The name ${name} is too long for the archive.`);
  }
  return { prefix, base };
}

function header(entry: TarEntry, mtimeSeconds: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.name);
  block.write(base, 0, 100);
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(entry.data.length, 12), 124);
  block.write(octal(mtimeSeconds, 12), 136);
  block.write(' '.repeat(8), 148);
  block.write('0', 156);
  block.write('ustar\0' + '00', 257);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148);
  return block;
}

/** The archive of `entries`, in their order, as one buffer (before compression). */
export function writeTar(entries: TarEntry[], mtime = new Date()): Buffer {
  const seconds = Math.floor(mtime.getTime() / 1000);
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry, seconds), entry.data);
    const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

const text = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/** Every entry of a ustar archive with its type flag: files, folders, links and the rest alike. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const size = parseInt(text(block, 124, 12).trim() || '0', 8);
    const type = text(block, 156, 1) || '0';
    const prefix = text(block, 345, 155);
    const base = text(block, 0, 100);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error('The archive is cut short.');
    entries.push({
      name: prefix ? `${prefix}/${base}` : base,
      data: archive.subarray(start, start + size),
      type,
    });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/**
 * Unpacks a tar file's folders and regular files into `folder`, reading it a block at a time, so
 * the archive is never held in memory whole (the embedded database's first image, ~40 MB).
 * Leading slashes are dropped; a name with a `..` segment is refused.
 */
export function extractTarFile(file: string, folder: string): void {
  const fd = openSync(file, 'r');
  const block = Buffer.alloc(BLOCK);
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    let offset = 0;
    while (readSync(fd, block, 0, BLOCK, offset) === BLOCK && !block.every((byte) => byte === 0)) {
      const size = parseInt(text(block, 124, 12).trim() || '0', 8);
      const type = text(block, 156, 1) || '0';
      const prefix = text(block, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + text(block, 0, 100);
      const relativeName = name.replace(/^\/+/, '');
      if (relativeName.split('/').includes('..'))
        throw new Error(`Refused a path in ${file}: ${name}`);
      const target = join(folder, relativeName);
      offset += BLOCK;
      if (type === '5') mkdirSync(target, { recursive: true });
      if (type === '0') {
        mkdirSync(dirname(target), { recursive: true });
        const out = openSync(target, 'w', 0o600);
        try {
          for (let done = 0; done < size;) {
            const read = readSync(fd, chunk, 0, Math.min(chunk.length, size - done), offset + done);
            if (read === 0) throw new Error(`${file} is cut short.`);
            writeSync(out, chunk, 0, read);
            done += read;
          }
        } finally {
          closeSync(out);
        }
      }
      offset += Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    closeSync(fd);
  }
}
