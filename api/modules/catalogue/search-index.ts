import MiniSearch from 'minisearch';
import type { ProductDto } from '../product/model';

const MAX_WORDS = 8;

/**
 * The words of a query, lower-cased, letters and digits only. One-letter words are dropped unless
 * the shopper has typed nothing else yet.
 */
export function queryWords(q: string | undefined): string[] {
  const words =
    (q ?? '')
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const meaningful = words.filter((word) => word.length > 1);
  return [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, MAX_WORDS);
}

/**
 * A word as both the index and the query keep it: lower case, without accents, and an English
 * plural's final "s" taken off ("blankets" finds "blanket", "mugs" finds "mug"), except where the
 * word is not a plural ("glass", "hibiscus", "iris").
 */
export function searchTerm(word: string): string {
  const known = terms.get(word);
  if (known !== undefined) return known;
  const term = termOf(word);
  if (terms.size >= MAX_REMEMBERED_TERMS) terms.clear();
  terms.set(word, term);
  return term;
}

/**
 * Words as terms, remembered: a catalogue's texts repeat the same few thousand words, and
 * normalising each again was a fifth of building the index.
 */
const terms = new Map<string, string>();
const MAX_REMEMBERED_TERMS = 50_000;

function termOf(word: string): string {
  const term = word.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  if (term.length > 3 && term.endsWith('s') && !/(ss|us|is)$/.test(term)) return term.slice(0, -1);
  return term;
}

/** At most this many remembered word matches (about 60 bytes each). */
const MAX_REMEMBERED_HITS = 400_000;

/** The fields a product is found by, and how much a match in each counts. */
const BOOST = { title: 10, categories: 4, description: 2, details: 1 };

interface SearchDocument {
  id: string;
  title: string;
  categories: string;
  description: string;
  details: string;
}

function documentOf(product: ProductDto): SearchDocument {
  return {
    id: product._id,
    title: product.title,
    categories: product.categorizations
      .flatMap((entry) => [entry.category, entry.subcategory ?? ''])
      .join(' '),
    description: product.description,
    details: product.details.join(' '),
  };
}

/** MiniSearch, and whether some word of the index starts with a term (read from its own tree). */
class CatalogueMiniSearch extends MiniSearch<SearchDocument> {
  knowsPrefix(term: string): boolean {
    for (const _key of this._index.atPrefix(term).keys()) return true;
    return false;
  }
}

/**
 * The catalogue's full-text index in memory (MiniSearch, chosen by measurement: see README, "Bench").
 * Every word of a query must match: as a prefix as the shopper types; and a word of four letters or
 * more that no catalogue word starts with (a typo) within one edit ("hodie" finds "hoodie",
 * "stonware" "stoneware"), so correct spelling never pays for typo tolerance. (Allowing two edits from
 * eight letters almost doubled the slowest queries on 10,000 products: bench/search-libraries.ts.)
 * Title matches count most, then category names, description and details.
 */
export class SearchIndex {
  private readonly index = new CatalogueMiniSearch({
    fields: ['title', 'categories', 'description', 'details'],
    tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
    processTerm: (term) => searchTerm(term),
    searchOptions: {
      boost: BOOST,
      prefix: true,
      combineWith: 'AND',
    },
  });

  constructor(products: Iterable<ProductDto>) {
    this.index.addAll([...products].map(documentOf));
  }

  /** Each word's matches, remembered (least recently used first) until the index changes. */
  private readonly wordHits = new Map<string, Map<string, number>>();
  private rememberedHits = 0;

  /** Adds a product, or replaces the one with its id. */
  put(product: ProductDto): void {
    if (this.index.has(product._id)) this.index.replace(documentOf(product));
    else this.index.add(documentOf(product));
    this.forgetWords();
  }

  remove(id: string): void {
    if (this.index.has(id)) this.index.discard(id);
    this.forgetWords();
  }

  /**
   * The ids of the products every word matches, with their relevance (the sum of each word's).
   * Queries rarely repeat but their words do, so each word's matches are remembered: a query
   * costs the intersection of a few remembered sets.
   */
  search(words: string[]): ReadonlyMap<string, number> {
    const sets = words.map((word) => this.hitsOf(word)).sort((a, b) => a.size - b.size);
    const [smallest, ...others] = sets;
    if (!smallest) return new Map();
    // One word: its remembered matches as they are (callers only read them).
    if (others.length === 0) return smallest;
    const found = new Map<string, number>();
    for (const [id, score] of smallest) {
      let total = score;
      for (const other of others) {
        const more = other.get(id);
        if (more === undefined) {
          total = Number.NaN;
          break;
        }
        total += more;
      }
      if (!Number.isNaN(total)) found.set(id, total);
    }
    return found;
  }

  private hitsOf(word: string): Map<string, number> {
    const term = searchTerm(word);
    const known = this.wordHits.get(term);
    if (known) {
      this.wordHits.delete(term);
      this.wordHits.set(term, known);
      return known;
    }
    const typo = term.length >= 4 && !this.index.knowsPrefix(term);
    const hits = new Map(
      this.index
        .search(term, { fuzzy: typo ? 1 : false })
        .map((hit) => [hit.id as string, hit.score]),
    );
    this.wordHits.set(term, hits);
    this.rememberedHits += hits.size + 1;
    for (const [oldest, set] of this.wordHits) {
      if (this.rememberedHits <= MAX_REMEMBERED_HITS) break;
      this.wordHits.delete(oldest);
      this.rememberedHits -= set.size + 1;
    }
    return hits;
  }

  private forgetWords(): void {
    this.wordHits.clear();
    this.rememberedHits = 0;
  }
}
