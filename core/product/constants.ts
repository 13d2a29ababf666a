/** Catalogue constants the browser needs too (this module imports nothing, so islands stay small). */

/** spec §2, §9: a product without a price is shown and sold at $40. */
export const FALLBACK_PRICE = 40;
export const FALLBACK_PRICE_CENTS = 4000;
/** DECISIONS.md: 12 products a page on the search page. */
export const SEARCH_PAGE_SIZE = 12;
/** A subcategory listing page. */
export const LISTING_PAGE_SIZE = 48;
/**
 * A category page is an overview: each section shows its first products by priority (two rows of
 * four) and links to its subcategory page for the rest, so a category of thousands stays one small
 * page and one small answer.
 */
export const SECTION_LIMIT = 8;
