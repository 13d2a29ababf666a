import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { etagMatches } from '../../api/lib/etag';
import { containedPath } from '../../server/http/contained-path';
import { acceptedEncodings, negotiateEncoding } from '../../server/http/encoding';

describe('Accept-Encoding (server/http/encoding.ts)', () => {
  it('prefers brotli, then gzip, and sends nothing compressed without either', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('deflate, identity, *')).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('refuses a coding listed with q=0, however it is spelt', () => {
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br; q=0.0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('BR;Q=0, GZIP;q=0.000')).toBeUndefined();
    expect(acceptedEncodings('gzip;q=0, br;q=0.1')).toEqual({ br: true, gzip: false });
  });

  it('reads names whole: a coding whose name contains another is not it', () => {
    expect(negotiateEncoding('brotli, gzipped')).toBeUndefined();
    expect(negotiateEncoding(' br ;q=1')).toBe('br');
  });
});

describe('If-None-Match (api/lib/etag.ts)', () => {
  it('compares weakly: W/"v" and "v" name the same version', () => {
    expect(etagMatches('W/"v1"', 'W/"v1"')).toBe(true);
    expect(etagMatches('"v1"', 'W/"v1"')).toBe(true);
    expect(etagMatches('W/"v1"', '"v1"')).toBe(true);
    expect(etagMatches('"v1"', '"v1"')).toBe(true);
  });

  it('finds the tag in a list, or answers `*`', () => {
    expect(etagMatches('"a", W/"v1" , "b"', '"v1"')).toBe(true);
    expect(etagMatches('*', '"v1"')).toBe(true);
  });

  it('does not match another version, a tag that only contains it, or nothing', () => {
    expect(etagMatches('"v2"', '"v1"')).toBe(false);
    expect(etagMatches('"v1-old"', '"v1"')).toBe(false);
    expect(etagMatches('W/"v1', '"v1"')).toBe(false);
    expect(etagMatches('', '"v1"')).toBe(false);
    expect(etagMatches(null, '"v1"')).toBe(false);
  });
});

describe('path containment (server/http/contained-path.ts)', () => {
  const root = '/srv/shop/client/';

  it('finds a file under the root, `/./` and `//` normalised away', () => {
    expect(containedPath(root, '/images/mug.webp')).toBe(join(root, 'images/mug.webp'));
    expect(containedPath(root, '//images/./mug.webp')).toBe(join(root, 'images/mug.webp'));
    expect(containedPath(root, '/')).toBe(root);
  });

  it('keeps `..` at the top of a URL path inside the root, as a URL does', () => {
    expect(containedPath(root, '/../server/entry.mjs')).toBe(join(root, 'server/entry.mjs'));
    expect(containedPath(root, '/images/../../../etc/passwd')).toBe(join(root, 'etc/passwd'));
  });

  it('refuses `..` segments that escape the root, and NUL bytes', () => {
    expect(containedPath(root, '..')).toBeUndefined();
    expect(containedPath(root, '../server/entry.mjs')).toBeUndefined();
    expect(containedPath(root, 'images/../../../etc/passwd')).toBeUndefined();
    expect(containedPath(root, '/images/mug.webp\0.png')).toBeUndefined();
  });

  it('refuses a sibling folder whose name starts like the root', () => {
    expect(containedPath('/srv/shop/client', '../client-secrets/key')).toBeUndefined();
  });
});
