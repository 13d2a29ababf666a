import { afterEach, describe, expect, it } from 'vitest';
import HomePage from '../../../src/pages/index.astro';
import CategoryPage from '../../../src/pages/products/[category]/index.astro';
import SubcategoryPage from '../../../src/pages/products/[category]/[subcategory].astro';
import { renderPage } from './render';

/**
 * spec §8 Products and §2 Home: the pages' texts when the catalogue cannot be read (the database
 * refuses every connection in this project).
 */

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

describe('when the catalogue cannot be read', () => {
  it("the category page says 'Failed to load products.' with a 503 (spec §8)", async () => {
    const { status, page, close } = await renderPage(CategoryPage, '/products/Yoga', {
      category: 'Yoga',
    });
    opened.push(close);
    expect(status).toBe(503);
    expect(page.getByRole('heading', { level: 1 }).textContent).toBe('Yoga');
    expect(page.getByRole('alert').textContent).toBe('Failed to load products.');
    expect(page.queryByText('No products found.')).toBeNull();
  });

  it("the subcategory page shows an empty list, 'No products found.' (spec §8)", async () => {
    const { page, close } = await renderPage(SubcategoryPage, '/products/Yoga/Mats', {
      category: 'Yoga',
      subcategory: 'Mats',
    });
    opened.push(close);
    expect(page.getByText('No products found.')).toBeTruthy();
    expect(page.queryByText('Failed to load products.')).toBeNull();
  });

  it("the home page still shows, with 'No featured products available.' (spec §2)", async () => {
    const { status, page, close } = await renderPage(HomePage, '/');
    opened.push(close);
    expect(status).toBe(200);
    expect(page.getByRole('heading', { name: 'Featured Products' })).toBeTruthy();
    expect(page.getByText('No featured products available.').getAttribute('role')).toBe('status');
    expect(page.queryByRole('region', { name: 'Featured products' })).toBeNull();
  });
});
