import { describe, expect, it } from 'vitest';
import {
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
} from '../../api/lib/request-limits';
import { fitsSource, readImageRequest, type ImageRequest } from '../../src/lib/image-allow-list';

describe('body limits', () => {
  it('are set per route, small by default', () => {
    expect(bodyLimitFor('/api/orders/orderconfirmation')).toBe(64 * 1024);
    expect(bodyLimitFor('/api/contact/contact')).toBe(16 * 1024);
    expect(bodyLimitFor('/api/auth/login')).toBe(DEFAULT_BODY_LIMIT);
    expect(DEFAULT_BODY_LIMIT).toBeLessThanOrEqual(8 * 1024);
  });

  it('measure nesting without recursion, arrays and objects alike', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = i % 2 ? [deep] : { a: deep };
    expect(nestedDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH; i += 1) fine = { a: fine, b: [1, 2] };
    // MAX_JSON_DEPTH objects, each with an array: one level deeper than allowed.
    expect(nestedDeeperThan(fine, MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan({ items: [{ a: 1 }, { b: [2] }] }, MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });
});

describe('the image allow-list', () => {
  const square = { width: 800, height: 800 };
  const photo = { width: 1200, height: 800 };
  const read = (query: string) => readImageRequest(new URLSearchParams(query));

  it('accepts the copies the pages ask for', () => {
    for (const [query, source] of [
      ['href=/a.webp&w=240&h=240&f=webp', square],
      ['href=/a.webp&w=800&h=800&f=webp', square],
      ['href=/a.webp&w=400&h=267&f=webp', photo],
      ['href=/a.webp&w=1080&h=720&f=webp', photo],
      ['href=/a.webp&w=192&h=128&f=webp', photo],
      ['href=/_astro/hero.webp&w=1600&f=webp', { width: 1600, height: 900 }],
      // A page may ask for the source's own width.
      ['href=/_astro/hero.webp&w=1920&f=webp', { width: 1920, height: 1080 }],
    ] as const) {
      const request = read(query);
      expect(typeof request, query).toBe('object');
      expect(fitsSource(request as ImageRequest, source), query).toBe(true);
    }
  });

  it('refuses other widths, larger copies, other proportions, formats, qualities and parameters', () => {
    for (const query of [
      'href=/a.webp&w=480&h=480&f=png',
      'href=/a.webp&w=480&h=480&f=webp&q=100',
      'href=/a.webp&w=480&h=480&f=webp&fit=fill',
      'href=/a.webp&w=480&w=240&f=webp',
      'href=/a.webp&w=-1&f=webp',
      'href=/a.webp&w=1e4&f=webp',
      'w=480&f=webp',
    ]) {
      expect(typeof read(query), query).toBe('string');
    }
    for (const query of [
      'href=/a.webp&w=5000&h=5000&f=webp',
      'href=/a.webp&w=1080&h=1080&f=webp',
      'href=/a.webp&w=481&h=481&f=webp',
      'href=/a.webp&w=480&h=20&f=webp',
    ]) {
      expect(fitsSource(read(query) as ImageRequest, square), query).toBe(false);
    }
  });
});
