import MiniSearch from 'minisearch';
import type { ProductDto } from '../../../core/product/model';
import { searchTerm } from './search-words';

/**
 * At most this many remembered word matches, 12 bytes each (a document number and a score in flat
 * arrays): some 18 MB, so every word of a 10,000-product catalogue stays remembered.
 */
const MAX_REMEMBERED_HITS = 1_500_000;

/** The fields a product is found by, and how much a match in each counts. */
const BOOST = { title: 10, categories: 4, description: 2, details: 1 };
const FIELDS = Object.keys(BOOST) as (keyof typeof BOOST)[];

/** MiniSearch's own scoring: BM25+ (its defaults), and how much a prefix or a typo match counts. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const TYPO_WEIGHT = 0.45;

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

/**
 * The products a query matched, by their document numbers in the index (`documentOf` tells a
 * product's), and each one's relevance, in two parallel lists.
 */
export interface Matches {
  documents: ArrayLike<number>;
  scores: ArrayLike<number>;
}

/** A word's matches as remembered. */
interface WordHits extends Matches {
  documents: Int32Array;
  scores: Float64Array;
}

/** How MiniSearch keeps a term's postings: per field, each document's term frequency. */
type FieldTermData = Map<number, Map<number, number>>;

/**
 * MiniSearch's index (inverted index, prefix tree, typo search), read directly: a word's matches
 * are scored from its postings into flat arrays, as MiniSearch scores them (BM25+ per field with
 * the boosts, prefix and typo matches weighted down), without the result objects, match lists and
 * full sort its `search` builds for every call (three quarters of a search's time on 10,000
 * products).
 */
class CatalogueMiniSearch extends MiniSearch<SearchDocument> {
  /** Whether some word of the index starts with a term. */
  knowsPrefix(term: string): boolean {
    for (const _key of this._index.atPrefix(term).keys()) return true;
    return false;
  }

  /** A scratch score per short id, zero between uses. */
  private scratch = new Float64Array(0);

  /**
   * A term's matches: the term itself, the words it begins (as the shopper types), or, for a typo
   * (`typo`), the words one edit away.
   */
  hits(term: string, typo: boolean): WordHits {
    if (this.scratch.length < this._nextId) this.scratch = new Float64Array(this._nextId * 2);
    const scores = this.scratch;
    const touched: number[] = [];
    const add = (data: FieldTermData | undefined, weight: number) => {
      if (!data) return;
      for (const field of FIELDS) {
        const fieldId = this._fieldIds[field]!;
        const frequencies = data.get(fieldId);
        if (!frequencies) continue;
        let live = 0;
        for (const docId of frequencies.keys()) if (this._documentIds.has(docId)) live += 1;
        const idf = Math.log(1 + (this._documentCount - live + 0.5) / (live + 0.5));
        const average = this._avgFieldLength[fieldId]!;
        for (const [docId, frequency] of frequencies) {
          if (!this._documentIds.has(docId)) continue; // discarded, not yet vacuumed
          const length = this._fieldLength.get(docId)![fieldId]!;
          const bm25 =
            idf *
            (BM25.d +
              (frequency * (BM25.k + 1)) /
                (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
          if (scores[docId] === 0) touched.push(docId);
          scores[docId]! += weight * BOOST[field] * bm25;
        }
      }
    };
    add(this._index.get(term) as FieldTermData | undefined, 1);
    if (typo) {
      for (const [word, [data, distance]] of this._index.fuzzyGet(term, 1)) {
        if (distance > 0)
          add(data as FieldTermData, (TYPO_WEIGHT * word.length) / (word.length + distance));
      }
    } else {
      for (const [word, data] of this._index.atPrefix(term)) {
        const distance = word.length - term.length;
        if (distance > 0)
          add(
            data as FieldTermData,
            (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * distance),
          );
      }
    }
    const found = new Float64Array(touched.length);
    touched.forEach((docId, index) => {
      found[index] = scores[docId]!;
      scores[docId] = 0;
    });
    return { documents: Int32Array.from(touched), scores: found };
  }

  /** A product's document number (MiniSearch's short id; a replaced product gets a new one). */
  documentOf(id: string): number | undefined {
    return this._idToShortId.get(id);
  }

  /**
   * The words of the index within `distance` edits of a term, closest first, then those in more
   * products, then by name; words only removed products held are left out.
   */
  nearWords(term: string, distance: number): string[] {
    const found: { word: string; distance: number; products: number }[] = [];
    for (const [word, [data, edits]] of this._index.fuzzyGet(term, distance)) {
      const documents = new Set<number>();
      for (const frequencies of (data as FieldTermData).values()) {
        for (const docId of frequencies.keys())
          if (this._documentIds.has(docId)) documents.add(docId);
      }
      if (documents.size > 0) found.push({ word, distance: edits, products: documents.size });
    }
    return found
      .sort(
        (a, b) => a.distance - b.distance || b.products - a.products || (a.word < b.word ? -1 : 1),
      )
      .map((each) => each.word);
  }

  /** The highest document number in use, plus one. */
  get capacity(): number {
    return this._nextId;
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
    fields: FIELDS,
    tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
    processTerm: (term) => searchTerm(term),
  });

  constructor(products: Iterable<ProductDto>) {
    this.index.addAll([...products].map(documentOf));
  }

  /** Each word's matches, remembered (least recently used first) until the index changes. */
  private readonly wordHits = new Map<string, WordHits>();
  private rememberedHits = 0;
  /** Which query word each document has matched so far (see `search`), zero between uses. */
  private matched = new Uint8Array(0);
  private totals = new Float64Array(0);

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
   * The products every word matches, with their relevance (the sum of each word's). Queries
   * rarely repeat but their words do, so each word's matches are remembered: a query costs the
   * intersection of a few remembered lists.
   */
  search(words: string[]): Matches {
    const lists = words
      .map((word) => this.hitsOf(word))
      .sort((a, b) => a.documents.length - b.documents.length);
    const [smallest, ...others] = lists;
    if (!smallest) return { documents: [], scores: [] };
    // One word: its remembered matches as they are (callers only read them).
    if (others.length === 0) return smallest;
    const capacity = this.index.capacity;
    if (this.matched.length < capacity) {
      this.matched = new Uint8Array(capacity * 2);
      this.totals = new Float64Array(capacity * 2);
    }
    const { matched, totals } = this;
    smallest.documents.forEach((document, index) => {
      matched[document] = 1;
      totals[document] = smallest.scores[index]!;
    });
    // A product stays in when every word matched it, each in turn.
    others.forEach((list, turn) => {
      list.documents.forEach((document, index) => {
        if (matched[document] !== turn + 1) return;
        matched[document] = turn + 2;
        totals[document]! += list.scores[index]!;
      });
    });
    const documents: number[] = [];
    const scores: number[] = [];
    const all = others.length + 1;
    smallest.documents.forEach((document) => {
      if (matched[document] === all) {
        documents.push(document);
        scores.push(totals[document]!);
      }
      matched[document] = 0;
      totals[document] = 0;
    });
    return { documents, scores };
  }

  /** A product's document number, as `search` names it. */
  documentOf(id: string): number | undefined {
    return this.index.documentOf(id);
  }

  /** Whether a query word matches some product (as a prefix, or a typo within one edit). */
  finds(word: string): boolean {
    return this.hitsOf(word).documents.length > 0;
  }

  /** Whether some word of the index starts with a term (as `searchTerm` gives it). */
  startsSomeWord(term: string): boolean {
    return this.index.knowsPrefix(term);
  }

  /** The words the index knows closest to a query word: one edit away, two from five letters. */
  nearWords(word: string): string[] {
    const term = searchTerm(word);
    return this.index.nearWords(term, term.length >= 5 ? 2 : 1);
  }

  private hitsOf(word: string): WordHits {
    const term = searchTerm(word);
    const known = this.wordHits.get(term);
    if (known) {
      this.wordHits.delete(term);
      this.wordHits.set(term, known);
      return known;
    }
    const hits = this.index.hits(term, term.length >= 4 && !this.index.knowsPrefix(term));
    this.wordHits.set(term, hits);
    this.rememberedHits += hits.documents.length + 1;
    for (const [oldest, list] of this.wordHits) {
      if (this.rememberedHits <= MAX_REMEMBERED_HITS) break;
      this.wordHits.delete(oldest);
      this.rememberedHits -= list.documents.length + 1;
    }
    return hits;
  }

  /** Changes each time the indexed products change (what callers remember about it expires). */
  get revision(): number {
    return this.changes;
  }
  private changes = 0;

  private forgetWords(): void {
    this.changes += 1;
    this.wordHits.clear();
    this.rememberedHits = 0;
  }
}
