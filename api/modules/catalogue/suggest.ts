import { isSoldOut } from '../../../core/product/availability';
import { productPrice } from '../../../core/product/price';
import {
  SUGGEST_MIN_CHARACTERS,
  SUGGEST_PRODUCT_LIMIT,
  SUGGEST_SHELF_LIMIT,
  type SuggestAnswer,
  type SuggestedShelf,
} from '../../../core/product/suggest';
import type { Derived, Shelf } from './listing-view';
import type { SearchIndex } from './search-index';
import { queryWords, searchTerm } from './search-words';
import { Smallest } from './smallest';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** At most this many corrections of one mistyped word are searched. */
const MAX_CORRECTIONS = 3;

/**
 * What a mistyped word may have been meant to begin with: the prefixes one edit away (letters
 * swapped, changed, added, then dropped) that some catalogue word starts with. "stonw" gives
 * "stone" and "stonew", so the shopper sees stoneware before finishing the word. (Search's own
 * typo rule compares whole words: right for a word typed out, not for one being typed.)
 */
function corrections(term: string, index: SearchIndex): string[] {
  // Shoppers make the same typos: each term's corrections are remembered until the index changes.
  let remembered = rememberedCorrections.get(index);
  if (!remembered || remembered.revision !== index.revision) {
    remembered = { revision: index.revision, terms: new Map() };
    rememberedCorrections.set(index, remembered);
  }
  const known = remembered.terms.get(term);
  if (known) return known;
  const found = correctionsOf(term, index);
  if (remembered.terms.size >= MAX_REMEMBERED_CORRECTIONS) remembered.terms.clear();
  remembered.terms.set(term, found);
  return found;
}

const MAX_REMEMBERED_CORRECTIONS = 20_000;
const rememberedCorrections = new WeakMap<
  SearchIndex,
  { revision: number; terms: Map<string, string[]> }
>();

function correctionsOf(term: string, index: SearchIndex): string[] {
  const found = new Set<string>();
  const consider = (candidate: string) => {
    if (candidate && candidate !== term && index.startsSomeWord(candidate)) found.add(candidate);
  };
  for (let at = 0; at + 1 < term.length; at += 1)
    consider(term.slice(0, at) + term[at + 1] + term[at] + term.slice(at + 2));
  for (let at = 0; at < term.length; at += 1)
    for (const letter of LETTERS) consider(term.slice(0, at) + letter + term.slice(at + 1));
  for (let at = 0; at <= term.length; at += 1)
    for (const letter of LETTERS) consider(term.slice(0, at) + letter + term.slice(at));
  for (let at = 0; at < term.length; at += 1) consider(term.slice(0, at) + term.slice(at + 1));
  return [...found].slice(0, MAX_CORRECTIONS);
}

/**
 * Each query word's readings: itself when some catalogue word starts with it (or it is too short
 * to call a typo), else its corrections.
 */
function readings(words: string[], index: SearchIndex): string[][] {
  return words.map((word) => {
    const term = searchTerm(word);
    if (term.length < 4 || index.startsSomeWord(term)) return [term];
    const near = corrections(term, index);
    return near.length > 0 ? near : [term];
  });
}

/** At most this many readings of a whole query are searched. */
const MAX_QUERIES = 9;

/** The ways of reading the query, one reading per word (a few at most). */
function queries(readingsOfWords: string[][]): string[][] {
  return readingsOfWords.reduce<string[][]>(
    (partial, options) =>
      partial.flatMap((words) => options.map((option) => [...words, option])).slice(0, MAX_QUERIES),
    [[]],
  );
}

/** Whether a word of a name starts with one of a query word's readings. */
function wordMatches(word: string, options: string[]): boolean {
  const term = searchTerm(word);
  const lower = word.toLowerCase();
  return options.some((option) => term.startsWith(option) || lower.startsWith(option));
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The [start, end) ranges of the words of `text` some query word matches. */
export function matchedRanges(text: string, readingsOfWords: string[][]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const found of text.matchAll(WORD)) {
    if (readingsOfWords.some((options) => wordMatches(found[0], options)))
      ranges.push([found.index, found.index + found[0].length]);
  }
  return ranges;
}

/** Whether every query word matches some word of a name. */
function nameMatches(name: string, readingsOfWords: string[][]): boolean {
  const words = name.match(WORD) ?? [];
  return readingsOfWords.every((options) => words.some((word) => wordMatches(word, options)));
}

/** The categories, then subcategories, whose own names every query word matches. */
function matchingShelves(shelves: Shelf[], readingsOfWords: string[][]): SuggestedShelf[] {
  const found: SuggestedShelf[] = [];
  for (const shelf of shelves) {
    if (nameMatches(shelf.category, readingsOfWords))
      found.push({ category: shelf.category, subcategory: null });
  }
  for (const shelf of shelves) {
    for (const subcategory of shelf.subcategories) {
      if (nameMatches(subcategory, readingsOfWords))
        found.push({ category: shelf.category, subcategory });
    }
  }
  return found.slice(0, SUGGEST_SHELF_LIMIT);
}

/**
 * The header's suggestions for what the shopper has typed so far (issue 27): the most relevant
 * products as search ranks them (same index, same prefix and typo rules), each with only what its
 * row shows, and the categories and subcategories whose names match.
 */
export function suggestCatalogue(
  view: Derived,
  index: SearchIndex,
  shelves: Shelf[],
  q: string,
  thumbOf: (id: string, path: string | undefined) => string | null,
): SuggestAnswer {
  const words = queryWords(q);
  if (q.trim().length < SUGGEST_MIN_CHARACTERS || words.length === 0) {
    return { products: [], shelves: [] };
  }
  const read = readings(words, index);
  const kept = new Smallest(SUGGEST_PRODUCT_LIMIT);
  const offer = (document: number, score: number) => {
    const fact = view.factsByDocument[document];
    if (fact) kept.offer(-score, fact.place, fact.product);
  };
  const all = queries(read);
  if (all.length === 1) {
    const { documents, scores } = index.search(all[0]!);
    for (let at = 0; at < documents.length; at += 1) offer(documents[at]!, scores[at]!);
  } else {
    // A product found by several readings counts once, at its best.
    const best = new Map<number, number>();
    for (const query of all) {
      const { documents, scores } = index.search(query);
      for (let at = 0; at < documents.length; at += 1) {
        const document = documents[at]!;
        const score = scores[at]!;
        if (!(best.get(document)! >= score)) best.set(document, score);
      }
    }
    for (const [document, score] of best) offer(document, score);
  }
  return {
    products: kept.sorted().map((product) => ({
      _id: product._id,
      title: product.title,
      price: productPrice(product),
      // Only during a sale (issue 42): the rows stay small.
      ...(product.compareAtPrice == null ? {} : { compareAtPrice: product.compareAtPrice }),
      thumb: thumbOf(product._id, product.image[0]),
      marks: matchedRanges(product.title, read),
      soldOut: isSoldOut(product),
    })),
    shelves: matchingShelves(shelves, read),
  };
}
