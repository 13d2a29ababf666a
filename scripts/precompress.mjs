// Writes .br and .gz beside each compressible built client file, so the server sends compressed
// bytes without compressing on every request. Run by `npm run build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|xml|txt|json|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

export function precompress(root) {
  let count = 0;
  for (const file of files(root)) {
    if (statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count += 1;
  }
  return count;
}
