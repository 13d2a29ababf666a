import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiateEncoding, type Encoding } from './http/encoding';

/**
 * Compression of answers made on demand (pages and API JSON): brotli at a fast level when the
 * client accepts it, else gzip (./http/encoding.ts); never for small bodies (the headers would
 * outweigh the saving) or for types that are compressed already (images, fonts, archives).
 */
export type { Encoding };

/** Bodies under this many bytes are sent as they are. */
export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli 4 compresses about as fast as gzip 6 and a little smaller. */
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS = { level: 6 };

/** Whether a Content-Type is text worth compressing (HTML, JSON, JavaScript, CSS, XML, SVG). */
export function compressibleType(type: string | null | undefined): boolean {
  if (!type) return false;
  return /^(text\/|application\/(json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|image\/svg\+xml)/i.test(
    type.trim(),
  );
}

export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzipAsync(body, GZIP_OPTIONS);
}

/** Adds Accept-Encoding to a Vary header's value, once. */
export function varyOnEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary) || vary.trim() === '*'
    ? vary
    : `${vary}, Accept-Encoding`;
}

/**
 * A fetch Response compressed for the request that asked for it, when the client accepts it and
 * the answer is worth it; otherwise the same Response. Answers that may be compressed say
 * `Vary: Accept-Encoding` either way, so a cache keeps both forms apart. The body is read only
 * once it is known that it will be compressed.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  if (request.method === 'HEAD') return response;
  const { status } = response;
  if (status < 200 || status === 204 || status === 206 || status === 304) return response;
  const headers = response.headers;
  if (headers.has('content-encoding')) return response;
  if (!compressibleType(headers.get('content-type'))) return response;
  headers.set('vary', varyOnEncoding(headers.get('vary')));
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  const declared = Number(headers.get('content-length') ?? Number.NaN);
  if (!encoding || declared < MIN_COMPRESSED_BYTES) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength < MIN_COMPRESSED_BYTES) {
    return new Response(body, { status, headers });
  }
  const compressed = await compress(body, encoding);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(compressed.byteLength));
  return new Response(new Uint8Array(compressed), { status, headers });
}
