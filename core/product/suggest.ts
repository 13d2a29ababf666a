/* Shared by the API and the header's island: no schema library here, so the header's script stays small. */

/** The header's suggestions start from this many characters (issue 27). */
export const SUGGEST_MIN_CHARACTERS = 2;
/** At most this many products in one answer. */
export const SUGGEST_PRODUCT_LIMIT = 6;
/** At most this many categories and subcategories in one answer. */
export const SUGGEST_SHELF_LIMIT = 4;

/** One suggested product: no description, only what a suggestion row shows. */
export interface SuggestedProduct {
  _id: string;
  title: string;
  /** Dollars, as the product is sold (the fallback price when the shop set none). */
  price: number;
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
