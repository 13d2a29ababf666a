import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { measure, scriptsOf } from '../../scripts/js-budget.mjs';

/*
 * Issue 37 point 8: the build fails when a content page's start-up JavaScript grows past its
 * budget. The check follows static imports only: what loads on first use (a dynamic import) is
 * not the page's start-up cost.
 */
describe('the content pages’ JavaScript budget', () => {
  function site(files: Record<string, string>) {
    const root = mkdtempSync(join(tmpdir(), 'js-budget-'));
    mkdirSync(join(root, '_astro'));
    mkdirSync(join(root, 'faq'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    return root;
  }
  // Random base64 text: brotli keeps about three quarters of it (6 bits a character).
  const noise = (kib: number) => randomBytes(kib * 768).toString('base64');

  it('counts the islands and what they import statically, not what they import on first use', () => {
    const root = site({
      'faq/index.html': '<astro-island component-url="/_astro/Header.js"></astro-island>',
      '_astro/Header.js':
        'import{a}from"./shared.js";import"./side.js";const l=()=>import("./api.js");',
      '_astro/shared.js': 'export const a=1;',
      '_astro/side.js': '',
      '_astro/api.js': noise(200),
    });
    expect(scriptsOf(root, join(root, 'faq/index.html')).sort()).toEqual([
      '/_astro/Header.js',
      '/_astro/shared.js',
      '/_astro/side.js',
    ]);
    expect(measure(root, ['faq'], 75)[0]!.within).toBe(true);
  });

  it('fails a page whose start-up scripts weigh more than the budget', () => {
    const root = site({
      'faq/index.html': '<astro-island component-url="/_astro/Header.js"></astro-island>',
      '_astro/Header.js': 'import{z}from"./schemas.js";',
      '_astro/schemas.js': noise(110),
    });
    const row = measure(root, ['faq'], 75)[0]!;
    expect(row.kib).toBeGreaterThan(75);
    expect(row.within).toBe(false);
  });
});
