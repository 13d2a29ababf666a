import { describe, expect, it } from 'vitest';
import { productEditBody } from '../../core/admin/model';
import {
  CATEGORY_TEXT,
  categorizationOf,
  fieldErrors,
  listingRow,
  NEW_NAME,
  pickExisting,
  unchosenCategories,
} from '../../src/islands/admin/product-form';

const CATALOGUE = [
  { name: 'Gift Collection', subcategories: ['For Her', 'Under $30'] },
  { name: 'Home', subcategories: ['Kitchen'] },
];

describe("the product editor's categories (issue 25)", () => {
  it('sends a picked category and subcategory as they are', () => {
    expect(categorizationOf(listingRow('Gift Collection', 'Under $30'), CATALOGUE)).toEqual({
      category: 'Gift Collection',
      subcategory: 'Under $30',
    });
    expect(categorizationOf(listingRow('Home'), CATALOGUE)).toEqual({
      category: 'Home',
      subcategory: null,
    });
  });

  it('sends a new name as typed, and a "new" name the catalogue has in its own spelling', () => {
    const fresh = {
      ...listingRow(NEW_NAME, NEW_NAME),
      newCategory: ' Camp  Lights ',
      newSubcategory: 'Lanterns & Lamps',
    };
    expect(categorizationOf(fresh, CATALOGUE)).toEqual({
      category: 'Camp Lights',
      subcategory: 'Lanterns & Lamps',
    });
    const known = {
      ...listingRow(NEW_NAME, NEW_NAME),
      newCategory: 'gift  collection',
      newSubcategory: 'under $30',
    };
    expect(categorizationOf(known, CATALOGUE)).toEqual({
      category: 'Gift Collection',
      subcategory: 'Under $30',
    });
  });

  it('switches a typed name the catalogue already has to picking it', () => {
    const typed = { ...listingRow('Home', NEW_NAME), newSubcategory: 'KITCHEN' };
    expect(pickExisting(typed, CATALOGUE)).toMatchObject({
      category: 'Home',
      subcategory: 'Kitchen',
      newSubcategory: '',
    });
    const other = { ...listingRow(NEW_NAME), newCategory: 'Homeware' };
    expect(pickExisting(other, CATALOGUE)).toEqual(other);
  });

  it('asks for a category where none is chosen, at that row', () => {
    expect(unchosenCategories([listingRow('Home'), listingRow()])).toEqual({
      'categories.1.category': CATEGORY_TEXT.choose,
    });
  });

  it("puts the shared schema's message at the new name's field", () => {
    const typed = { ...listingRow('Home', NEW_NAME), newSubcategory: 'Pots <b>' };
    const parsed = productEditBody.safeParse({
      title: 'Cedar Pot',
      description: '',
      price: '12.00',
      isFeatured: false,
      priority: '',
      categories: [categorizationOf(typed, CATALOGUE)],
    });
    expect(parsed.success).toBe(false);
    expect(Object.keys(fieldErrors(parsed.error!.issues))).toEqual(['categories.0.subcategory']);
  });
});
