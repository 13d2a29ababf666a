/** Catalogue constants the browser needs too (this module imports nothing, so islands stay small). */

/** spec §2, §9: a product without a price is shown and sold at $40. */
export const FALLBACK_PRICE = 40;
export const FALLBACK_PRICE_CENTS = FALLBACK_PRICE * 100;
/** DECISIONS.md: 12 products a page on the search page. */
export const SEARCH_PAGE_SIZE = 12;
/** A subcategory listing page. */
export const LISTING_PAGE_SIZE = 48;
/** A category page shows at most this many products in each section, each linking to the rest. */
export const SECTION_LIMIT = 24;
