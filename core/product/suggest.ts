/* Shared by the API and the header's island: no schema library here, so the header's script stays small. */

/** The header's suggestions start from this many characters (issue 27). */
export const SUGGEST_MIN_CHARACTERS = 2;
/** At most this many products in one answer. */
export const SUGGEST_PRODUCT_LIMIT = 6;
/** At most this many categories and subcategories in one answer. */
export const SUGGEST_SHELF_LIMIT = 4;

/**
 * Suggestions are bounded in cost (issue 36 row 18): only the first 64 characters and, of those,
 * the first 5 words are read. Longer text is cut, not refused: the header asks while the shopper
 * types, and a long query still deserves suggestions for its beginning (past 100 characters the
 * request is refused, as search refuses it).
 */
export const SUGGEST_MAX_CHARACTERS = 64;
export const SUGGEST_MAX_WORDS = 5;

/** How often one address (an IPv6 /64) may ask: a fast typist asks a few times a second at most. */
export const SUGGEST_RATE = { limit: 120, windowSeconds: 60 } as const;

export const SUGGEST_TEXT = {
  tooMany: 'Too many searches from here. Please wait a minute and try again.',
} as const;

const SUGGEST_WORD = /[\p{L}\p{N}]+/gu;

/** The part of the typed text suggestions read: 64 characters at most, 5 words at most. */
export function boundSuggestText(q: string): string {
  const cut = q.slice(0, SUGGEST_MAX_CHARACTERS);
  let words = 0;
  for (const word of cut.matchAll(SUGGEST_WORD)) {
    words += 1;
    if (words === SUGGEST_MAX_WORDS) return cut.slice(0, word.index + word[0].length);
  }
  return cut;
}

/** One suggested product: no description, only what a suggestion row shows. */
export interface SuggestedProduct {
  _id: string;
  title: string;
  /** Dollars, as the product is sold (the fallback price when the shop set none). */
  price: number;
  /** During a sale (issue 42): the regular price, shown struck through; null otherwise. */
  compareAtPrice?: number | null | undefined;
  /** A small image's address, or null when the product has none. */
  thumb: string | null;
  /** The parts of the title the query matched, as [start, end) character offsets. */
  marks: [number, number][];
  /** Whether it cannot be bought now (the row says "Sold out", as its card does). */
  soldOut: boolean;
}

/** A category (subcategory null) or subcategory whose name the query matched. */
export interface SuggestedShelf {
  category: string;
  subcategory: string | null;
}

export interface SuggestAnswer {
  products: SuggestedProduct[];
  shelves: SuggestedShelf[];
}
