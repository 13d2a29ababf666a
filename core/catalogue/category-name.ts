import { z } from 'zod';

/**
 * The one rule for a category or subcategory name (issue 25), used by the catalogue seed, the
 * admin product schema and the product editor. Letters (any script, with their accents), digits,
 * spaces and the few signs shop names use: `$` ("Under $30"), `&` ("Home & Garden"), `'` and `-`.
 * Nothing that is markup (`<`, `>`), a line break or another control character, and no `/`, which
 * would split the listing's address (/products/{category}/{subcategory}).
 */
export const CATEGORY_NAME_MAX = 60;

export const CATEGORY_NAME_MESSAGE =
  "Enter each category and subcategory name in 1 to 60 characters: letters, digits, spaces, $, &, ' or -.";

const CATEGORY_NAME_PATTERN = new RegExp(
  `^[\\p{L}\\p{M}\\p{N} $&'-]{1,${CATEGORY_NAME_MAX}}$`,
  'u',
);

/** Spaces around a name are dropped and runs of spaces inside it made one. */
export const normalizeCategoryName = (value: string) => value.trim().replace(/ {2,}/g, ' ');

/** A name as it is stored: following the rule, and already normalized. */
export const isCategoryName = (value: string) =>
  value === normalizeCategoryName(value) && CATEGORY_NAME_PATTERN.test(value);

/** The rule as a zod schema: answers the name normalized, or CATEGORY_NAME_MESSAGE. */
export const categoryName = z
  .string({ error: CATEGORY_NAME_MESSAGE })
  .overwrite(normalizeCategoryName)
  .regex(CATEGORY_NAME_PATTERN, { error: CATEGORY_NAME_MESSAGE });

/** The same name in another case or spacing ("gift  collection" for "Gift Collection"). */
export const sameCategoryName = (a: string, b: string) =>
  normalizeCategoryName(a).toLocaleLowerCase('en-US') ===
  normalizeCategoryName(b).toLocaleLowerCase('en-US');
