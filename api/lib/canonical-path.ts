/**
 * One spelling per address. A request's path is read once at the edge (server/serve.ts) and
 * either is canonical, can be made canonical (the server redirects GET and HEAD to that form and
 * refuses other methods), or cannot be (refused with 400). Everything after the edge (the image
 * guard, the body limits, the `/api` split, Astro's and Elysia's routers) then sees one path per
 * route, so a guard that compares paths applies to the route that will answer.
 *
 * The canonical form (RFC 3986 §6.2.2): percent-escapes of unreserved characters decoded
 * (`%5F` → `_`), and of the other characters a path segment holds raw (`!$&'()*+,;=:@`, so
 * `/products/Gift%20Collection/Under%20%2430` is `/products/Gift%20Collection/Under%20$30`, the
 * address the shop links to: Astro would not route the escaped one), other escapes in upper case, characters a path may not hold raw escaped, no `.`
 * or `..` segments, no empty segments (`//`). A trailing slash is kept: `/products/Yoga/` and
 * `/products/Yoga` stay two spellings that Astro answers alike. The query is kept as it came.
 */

export interface CanonicalTarget {
  /** The canonical path. */
  path: string;
  /** The query as it came, with its `?`, or ''. */
  search: string;
  /** Whether the request spelled its path otherwise (then it is answered with a redirect). */
  changed: boolean;
}

export type TargetRefusal =
  /** Not a path (`*`, `http://host/…`). */
  | 'not-a-path'
  /** A `%` not followed by two hex digits, or escapes that are not UTF-8. */
  | 'malformed-escape'
  /** An escaped `/` or `\`: a separator that routers would read one way and files another. */
  | 'encoded-separator'
  /** A raw `\`, which URL parsers read as `/`. */
  | 'backslash'
  /** A control character (NUL included), raw or escaped. */
  | 'control-character'
  /** A `#`: a fragment never belongs in a request. */
  | 'fragment';

export type TargetReading = CanonicalTarget | { refused: TargetRefusal };

/** What an escape is written as in the canonical form: the character itself (pchar less `%`). */
const DECODED_ESCAPE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/;
/** pchar (RFC 3986 §3.3) less the escapes, plus the separator. */
const RAW_PATH_CHARACTER = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/;

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

/** The path with escapes normalised and raw characters escaped, or why it cannot be. */
function normaliseCharacters(raw: string): string | { refused: TargetRefusal } {
  let out = '';
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i]!;
    if (char === '%') {
      const digits = raw.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(digits)) return { refused: 'malformed-escape' };
      const byte = parseInt(digits, 16);
      const decoded = String.fromCharCode(byte);
      if (byte === 0x2f || byte === 0x5c) return { refused: 'encoded-separator' };
      if (isControl(byte)) return { refused: 'control-character' };
      out += DECODED_ESCAPE.test(decoded) ? decoded : hex(byte);
      i += 2;
    } else if (char === '\\') {
      return { refused: 'backslash' };
    } else if (char === '#') {
      return { refused: 'fragment' };
    } else if (isControl(char.charCodeAt(0))) {
      return { refused: 'control-character' };
    } else if (RAW_PATH_CHARACTER.test(char)) {
      out += char;
    } else {
      // Node only lets printable ASCII through; anything wider is escaped as UTF-8.
      for (const byte of Buffer.from(char, 'utf8')) out += hex(byte);
    }
  }
  return out;
}

/**
 * Removes `.` and `..` segments as URL parsers do (RFC 3986 §5.2.4: a `..` takes away the segment
 * before it, even an empty one; a path ending in either ends in `/`), then empty segments.
 */
function removeDotSegments(path: string): string {
  const kept: string[] = [];
  const segments = path.slice(1).split('/');
  segments.forEach((segment, index) => {
    if (segment === '..') kept.pop();
    else if (segment !== '.') kept.push(segment);
    if ((segment === '.' || segment === '..') && index === segments.length - 1) kept.push('');
  });
  return `/${kept.join('/')}`.replace(/\/{2,}/g, '/');
}

/** Whether every escape of a path decodes to UTF-8 text. */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a request target as it came on the wire (`req.url`): its canonical path and query, or
 * why it has none. Pure; `canonicalTarget(x.path + x.search)` of a result is that result.
 */
export function canonicalTarget(raw: string): TargetReading {
  if (!raw.startsWith('/')) return { refused: 'not-a-path' };
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const search = queryAt === -1 ? '' : raw.slice(queryAt);
  if (search.includes('#')) return { refused: 'fragment' };
  const characters = normaliseCharacters(rawPath);
  if (typeof characters !== 'string') return characters;
  if (!decodes(characters)) return { refused: 'malformed-escape' };
  const path = removeDotSegments(characters);
  return { path, search, changed: path !== rawPath };
}
