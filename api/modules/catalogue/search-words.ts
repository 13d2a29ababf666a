/*
 * The words of a search, as the index (./search-index.ts) and every query keep them.
 */

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
