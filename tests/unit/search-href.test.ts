import { describe, expect, it } from 'vitest';
import { searchHref } from '../../src/islands/shell/SearchBox';

describe('the search box', () => {
  it('searches the trimmed text, and nothing for blank text', () => {
    expect(searchHref('  cedar mug ')).toBe('/search?q=cedar%20mug');
    expect(searchHref('a&b=c')).toBe('/search?q=a%26b%3Dc');
    expect(searchHref('   ')).toBeNull();
    expect(searchHref('')).toBeNull();
  });
});
