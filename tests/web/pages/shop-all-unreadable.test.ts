import { afterEach, describe, expect, it } from 'vitest';
import ShopAllPage from '../../../src/pages/products/index.astro';
import { renderPage } from './render';

/** Issue 24's Shop all page when the catalogue cannot be read (this project's database refuses). */

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

describe('the Shop all page when the catalogue cannot be read', () => {
  it("says 'Failed to load products.' with a 503, and the footer still leads to it", async () => {
    const { status, page, close } = await renderPage(ShopAllPage, '/products/');
    opened.push(close);
    expect(status).toBe(503);
    expect(page.getByRole('heading', { level: 1 }).textContent).toBe('Shop all');
    expect(page.getByRole('alert').textContent).toBe('Failed to load products.');
    const footer = page.getByRole('navigation', { name: 'Shop by category' });
    expect(footer.querySelectorAll('a')).toHaveLength(1);
    expect(footer.querySelector('a')?.getAttribute('href')).toBe('/products/');
  });
});
