import { describe, expect, it } from 'vitest';
import { categoryOrders, products } from '../../api/db/seed/catalogue';
import { categorizationInput, productEditBody } from '../../core/admin/model';

/** Every category and subcategory name the demo catalogue uses, each once. */
const seededNames = [
  ...new Set([
    ...products.flatMap((product) =>
      product.categorizations.flatMap((entry) =>
        entry.subcategory ? [entry.category, entry.subcategory] : [entry.category],
      ),
    ),
    ...categoryOrders.flatMap((entry) => [entry.category, entry.subcategory]),
  ]),
];

const accepts = (name: string) =>
  categorizationInput.safeParse({ category: 'Gift Collection', subcategory: name }).success &&
  categorizationInput.safeParse({ category: name }).success;

describe('the category name rule (issue 25)', () => {
  it('accepts the names the shop uses and names like them, as a category and a subcategory', () => {
    for (const name of [
      'Under $30',
      'Under $100',
      'Home & Garden',
      "Artist's Picks",
      'Yoga Mats',
      'Café 1',
    ]) {
      expect(accepts(name), name).toBe(true);
    }
  });

  it('accepts every name the seeded catalogue uses', () => {
    expect(seededNames.length).toBeGreaterThan(10);
    expect(seededNames.filter((name) => !accepts(name))).toEqual([]);
  });

  it.each([
    ['markup', '<b>'],
    ['a tag inside', 'Under <b>$30</b>'],
    ['a closing bracket', 'Gifts >'],
    ['a line break', 'Gift\nCollection'],
    ['a carriage return', 'Gift\rCollection'],
    ['a tab', 'Gift\tCollection'],
    ['a control character', 'Gift\u0007Collection'],
    ['a slash (it would split the listing address)', 'Home / Kitchen'],
    ['61 characters', 'a'.repeat(61)],
  ])('refuses %s', (_what, name) => {
    expect(categorizationInput.safeParse({ category: name }).success).toBe(false);
    expect(
      categorizationInput.safeParse({ category: 'Gift Collection', subcategory: name }).success,
    ).toBe(false);
  });

  it('refuses a blank category; a blank subcategory is none', () => {
    expect(categorizationInput.safeParse({ category: '   ' }).success).toBe(false);
    expect(categorizationInput.parse({ category: 'Home', subcategory: '  ' })).toEqual({
      category: 'Home',
      subcategory: null,
    });
  });

  it('takes 60 characters, and trims the spaces around a name', () => {
    expect(accepts('a'.repeat(60))).toBe(true);
    expect(categorizationInput.parse({ category: '  Under $30  ' }).category).toBe('Under $30');
  });

  it('says what is allowed, at the field', () => {
    const result = productEditBody.safeParse({
      title: 'Wool Mouse Trio',
      description: '',
      price: '15.00',
      isFeatured: false,
      priority: '',
      categories: [{ category: 'Pets', subcategory: 'Cat <3' }],
    });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['categories', 0, 'subcategory']);
    expect(issue.message).toMatch(/letters, digits, spaces.*\$.*&/);
  });
});
