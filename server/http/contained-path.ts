import { join, normalize, sep } from 'node:path';

/**
 * The file under `root` that a decoded URL path names, or undefined when it would reach outside
 * it: a `..` segment (after normalising `/./` and `//`), a NUL byte. The one
 * containment check for files the server reads on a request's word: built files
 * (./static.ts) and the sources of resized images (../image-guard.ts).
 */
export function containedPath(root: string, decodedPath: string): string | undefined {
  if (decodedPath.includes('\0')) return undefined;
  const relative = normalize(decodedPath).replace(/^([/\\])+/, '');
  if (relative.split(sep).includes('..')) return undefined;
  const file = join(root, relative);
  const base = root.endsWith(sep) ? root : root + sep;
  return file === root || file.startsWith(base) ? file : undefined;
}
