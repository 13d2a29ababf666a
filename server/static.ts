import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { contentType } from 'mime-types';
import send from 'send';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const SHORT = 'public, max-age=3600, stale-while-revalidate=86400';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file under `root` a URL path names (or its index.html), or undefined. */
async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  if (relative.split(sep).includes('..')) return undefined;
  const direct = join(root, relative);
  if (!direct.startsWith(root)) return undefined;
  const candidates = decoded.endsWith('/')
    ? [join(direct, 'index.html')]
    : [direct, join(direct, 'index.html')];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

/** The precompressed twin (.br, .gz) the client accepts, if the build wrote one. */
async function compressedTwin(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ path: string; encoding: string } | undefined> {
  const accepted = acceptEncoding ?? '';
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (new RegExp(`\\b${encoding}\\b`).test(accepted) && (await isFile(file + suffix))) {
      return { path: file + suffix, encoding };
    }
  }
  return undefined;
}

/**
 * Serves Astro's built client files (hashed assets, public files, prerendered pages). Answers
 * false when there is no such file so the caller can hand the request to Astro.
 */
export function createStaticHandler(root: string, setPageHeaders: (res: ServerResponse) => void) {
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = await resolveFile(root, pathname);
    if (!file) return false;
    const isHtml = file.endsWith('.html');
    res.setHeader(
      'Cache-Control',
      pathname.startsWith('/_astro/') ? IMMUTABLE : isHtml ? REVALIDATE : SHORT,
    );
    if (isHtml) setPageHeaders(res);
    const twin = await compressedTwin(file, req.headers['accept-encoding']);
    res.setHeader('Vary', 'Accept-Encoding');
    if (twin) {
      res.setHeader('Content-Encoding', twin.encoding);
      res.setHeader(
        'Content-Type',
        contentType(file.split('/').pop() ?? '') || 'application/octet-stream',
      );
    }
    await new Promise<void>((done) => {
      send(req, twin?.path ?? file, { dotfiles: 'deny', index: false, cacheControl: false })
        .on('error', (error: { status?: number }) => {
          res.statusCode = error.status ?? 500;
          res.end();
          done();
        })
        .on('end', () => done())
        .pipe(res);
    });
    return true;
  };
}
