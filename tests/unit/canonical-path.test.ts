import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalTarget, type CanonicalTarget } from '../../api/lib/canonical-path';

const moved = (path: string, search = ''): CanonicalTarget => ({ path, search, changed: true });

describe('the canonical form of a request path', () => {
  it('keeps a canonical path and its query as they are', () => {
    for (const raw of [
      '/',
      '/faq',
      '/products/Yoga/',
      '/products/Home%20&%20Garden/?page=2',
      '/products/Gift%20Collection/Under%20$30',
      '/_image?href=%2F_astro%2Fhero.webp&w=480&f=webp',
      '/api/cart/validate',
      '/search?q=mug&q=..%2F..',
    ]) {
      const queryAt = raw.indexOf('?');
      expect(canonicalTarget(raw), raw).toEqual({
        path: queryAt === -1 ? raw : raw.slice(0, queryAt),
        search: queryAt === -1 ? '' : raw.slice(queryAt),
        changed: false,
      });
    }
  });

  it('brings every spelling of the image endpoint the review found to /_image', () => {
    const query = '?href=%2F_astro%2Fhero.webp&w=16383&f=webp';
    expect(canonicalTarget(`/./_image${query}`)).toEqual(moved('/_image', query));
    expect(canonicalTarget(`/%5Fimage${query}`)).toEqual(moved('/_image', query));
    expect(canonicalTarget(`/%5fimage${query}`)).toEqual(moved('/_image', query));
    expect(canonicalTarget(`/x/../_image${query}`)).toEqual(moved('/_image', query));
    expect(canonicalTarget(`//_image${query}`)).toEqual(moved('/_image', query));
    expect(canonicalTarget(`/_imag%65${query}`)).toEqual(moved('/_image', query));
    // Astro ignores a trailing slash; the image guard covers `/_image/` as well.
    expect(canonicalTarget(`/_image/.${query}`)).toEqual(moved('/_image/', query));
    expect(canonicalTarget(`/_image/${query}`)).toEqual({
      path: '/_image/',
      search: query,
      changed: false,
    });
  });

  it('writes the characters a path holds raw as themselves, not escaped (issue 24)', () => {
    expect(canonicalTarget('/products/Gift%20Collection/Under%20%2430')).toEqual(
      moved('/products/Gift%20Collection/Under%20$30'),
    );
    expect(canonicalTarget('/products/Home%20%26%20Garden/?page=2')).toEqual(
      moved('/products/Home%20&%20Garden/', '?page=2'),
    );
    expect(canonicalTarget('/a%21%24%26%27%28%29%2a%2B%2c%3B%3d%3A%40')).toEqual(
      moved("/a!$&'()*+,;=:@"),
    );
    // Separators, and what a path never holds raw, stay escaped or refused as before.
    expect(canonicalTarget('/a%3Fb%23c%25d%20e')).toEqual({
      path: '/a%3Fb%23c%25d%20e',
      search: '',
      changed: false,
    });
    expect(canonicalTarget('/products%2F..%2Fapi')).toEqual({ refused: 'encoded-separator' });
  });

  it('resolves dot segments, escaped dots and doubled slashes', () => {
    expect(canonicalTarget('/api/admin/uploads/../../cart/validate')).toEqual(
      moved('/api/cart/validate'),
    );
    expect(canonicalTarget('/api/admin/uploads/%2E%2E/%2e%2e/cart/validate')).toEqual(
      moved('/api/cart/validate'),
    );
    expect(canonicalTarget('/../../faq')).toEqual(moved('/faq'));
    expect(canonicalTarget('/products//Yoga//')).toEqual(moved('/products/Yoga/'));
    expect(canonicalTarget('/blog/..')).toEqual(moved('/'));
    expect(canonicalTarget('/a/b/..?x=1')).toEqual(moved('/a/', '?x=1'));
    // As URL parsers read it: `..` takes away the empty segment before it.
    expect(canonicalTarget('/a//../b')).toEqual(moved('/a/b'));
    expect(canonicalTarget('/...')).toEqual({ path: '/...', search: '', changed: false });
  });

  it('writes escapes in upper case and escapes what a path may not hold raw', () => {
    expect(canonicalTarget('/blog/caf%c3%a9')).toEqual(moved('/blog/caf%C3%A9'));
    expect(canonicalTarget('/a|b[c]')).toEqual(moved('/a%7Cb%5Bc%5D'));
    expect(canonicalTarget('/a"<b>`{}^')).toEqual(moved('/a%22%3Cb%3E%60%7B%7D%5E'));
    expect(canonicalTarget('/%41%7e%2D')).toEqual(moved('/A~-'));
  });

  it('refuses what cannot be made canonical', () => {
    for (const [raw, refused] of [
      ['/api/admin%2Fuploads', 'encoded-separator'],
      ['/api/admin%2fuploads', 'encoded-separator'],
      ['/_image%5C', 'encoded-separator'],
      ['/a\\..\\_image', 'backslash'],
      ['/faq%00', 'control-character'],
      ['/faq%0A', 'control-character'],
      ['/faq%7F', 'control-character'],
      ['/faq\u0000', 'control-character'],
      ['/blog/%', 'malformed-escape'],
      ['/products/%zz', 'malformed-escape'],
      ['/%E0%A4%A', 'malformed-escape'],
      ['/%E0%A4', 'malformed-escape'],
      ['/faq#top', 'fragment'],
      ['/faq?a=1#top', 'fragment'],
      ['*', 'not-a-path'],
      ['http://evil.example/_image', 'not-a-path'],
      ['', 'not-a-path'],
    ] as const) {
      expect(canonicalTarget(raw), raw).toEqual({ refused });
    }
  });

  it('is canonical once made so, and means what URL parsers (Astro) read', () => {
    const pathCharacter = fc.constantFrom(
      ...'aZ09-._~!$&()*+,;=:@/%|[]^"<>`{}'.split(''),
      '%2E',
      '%2e',
      '%5F',
      '%2F',
      '%C3%A9',
      '%24',
      '%3a',
      '%40',
      '%26',
      '%3F',
      '..',
      '//',
      '/./',
      '/../',
    );
    fc.assert(
      fc.property(fc.array(pathCharacter, { maxLength: 24 }), fc.boolean(), (parts, query) => {
        const raw = `/${parts.join('')}${query ? '?a=/../%2F' : ''}`;
        const target = canonicalTarget(raw);
        if (!('path' in target)) return;
        const again = canonicalTarget(target.path + target.search);
        expect(again).toEqual({ ...target, changed: false });
        expect(target.path).not.toMatch(/\/\/|\/\.\.?(\/|$)|%(?![0-9A-F]{2})/);
        // A URL parser (Astro's, Elysia's) takes the canonical path as it is, and it names what
        // the spelling it came as names (doubled slashes aside, which a canonical path has none
        // of and Astro drops one of), segments read as the pages read them (decodeURIComponent).
        const pathOf = (path: string) => new URL(`http://shop.invalid${path}`).pathname;
        const route = (path: string) =>
          decodeURI(pathOf(path))
            .replace(/%(2[46-9A-C]|3[ABD]|40)/gi, (escape) => decodeURIComponent(escape))
            .replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase())
            .replace(/\/{2,}/g, '/');
        expect(pathOf(target.path)).toBe(target.path);
        // After a doubled slash the URL parser can leave a dot segment as it is ('//.a/../'
        // stays so): no page is named by it, and the canonical path resolves it; nothing to match.
        if (/\/\.\.?(\/|$)/.test(pathOf(raw.split('?')[0]!))) return;
        expect(route(target.path)).toBe(route(raw.split('?')[0]!));
      }),
      { numRuns: 2_000 },
    );
  });
});
