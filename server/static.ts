import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { contentType } from 'mime-types';
import send from 'send';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { etagMatches } from '../api/lib/etag';
import { REVALIDATE_PAGE as REVALIDATE } from '../src/lib/page-caching';
import { SITE_URL_PLACEHOLDER } from '../src/lib/site-url-placeholder';
import { containedPath } from './http/contained-path';
import { acceptedEncodings, type AcceptedEncodings } from './http/encoding';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
  const direct = containedPath(root, decoded);
  if (!direct) return undefined;
  const candidates = decoded.endsWith('/')
    ? [join(direct, 'index.html')]
    : [direct, join(direct, 'index.html')];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

/** A file under `root` as the URL path send() reads (it decodes it again). */
function underRoot(root: string, file: string): string {
  return file.slice(root.length).split(sep).map(encodeURIComponent).join('/');
}

/** The precompressed twin (.br, .gz) the client accepts, if the build wrote one. */
async function compressedTwin(
  file: string,
  accepted: AcceptedEncodings,
): Promise<{ path: string; encoding: string } | undefined> {
  if (accepted.br && (await isFile(`${file}.br`))) return { path: `${file}.br`, encoding: 'br' };
  if (accepted.gzip && (await isFile(`${file}.gz`)))
    return { path: `${file}.gz`, encoding: 'gzip' };
  return undefined;
}

interface Rewritten {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Prerendered files that may name the public address: pages, the feed, robots.txt. */
const MAY_NAME_SITE = /\.(html|xml|txt)$/;

/**
 * Prerendered files name the public address by a placeholder (src/lib/site-url.ts); this puts the
 * running PUBLIC_SITE_URL in its place, once per file, and keeps the result and its compressed
 * forms in memory. Files without the placeholder are served from disk as they are.
 */
function siteRewriter(siteOrigin: string) {
  const done = new Map<string, Rewritten | null>();
  return async (file: string): Promise<Rewritten | null> => {
    if (!MAY_NAME_SITE.test(file)) return null;
    const known = done.get(file);
    if (known !== undefined) return known;
    const text = await readFile(file, 'utf8');
    let result: Rewritten | null = null;
    if (text.includes(SITE_URL_PLACEHOLDER)) {
      const body = Buffer.from(text.replaceAll(SITE_URL_PLACEHOLDER, siteOrigin));
      result = {
        body,
        br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 }),
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
    }
    done.set(file, result);
    return result;
  };
}

/**
 * Serves Astro's built client files (hashed assets, public files, prerendered pages). Answers
 * false when there is no such file so the caller can hand the request to Astro.
 */
export function createStaticHandler(
  root: string,
  setPageHeaders: (res: ServerResponse) => void,
  siteUrl: string,
) {
  const rewritten = siteRewriter(new URL(siteUrl).origin);
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
    const own = await rewritten(file);
    if (own) {
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('ETag', own.etag);
      res.setHeader(
        'Content-Type',
        contentType(file.split('/').pop() ?? '') || 'application/octet-stream',
      );
      if (etagMatches(req.headers['if-none-match'], own.etag)) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      const encoding = accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
      const body = encoding ? own[encoding] : own.body;
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    const twin = await compressedTwin(file, acceptedEncodings(req.headers['accept-encoding']));
    res.setHeader('Vary', 'Accept-Encoding');
    if (twin) {
      res.setHeader('Content-Encoding', twin.encoding);
      res.setHeader(
        'Content-Type',
        contentType(file.split('/').pop() ?? '') || 'application/octet-stream',
      );
    }
    await new Promise<void>((done) => {
      // Named under `root`, so only the part a URL names is checked for dotfiles: a build inside
      // a dot-folder (~/.apps/shop/dist) is served too.
      send(req, underRoot(root, twin?.path ?? file), {
        root,
        dotfiles: 'deny',
        index: false,
        cacheControl: false,
      })
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
