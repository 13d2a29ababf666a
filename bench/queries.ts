/**
 * Search queries that never repeat, as shoppers type them: one or two catalogue words, sometimes a
 * word cut short (typing), sometimes with a typo (a letter dropped or doubled), sometimes with a
 * price range, a category, a sort or a later page. The price bounds carry cents that change with
 * every query, so no two queries in a run are the same.
 */
import { products as demo } from '../api/db/seed/catalogue';
import { random } from './random';

const WORDS = [
  ...new Set(demo.flatMap((product) => product.title.toLowerCase().match(/[a-z]{4,}/g) ?? [])),
];
const CATEGORIES = ['Home', 'Yoga', 'Pets', 'Artwork', 'Clothing', 'Gift Collection', 'Digital'];

function typo(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  return next() < 0.5
    ? word.slice(0, at) + word.slice(at + 1)
    : word.slice(0, at) + word[at] + word.slice(at);
}

/** The query strings (without `?`) of an endless series of distinct searches. */
export function distinctQueries(seed = 1): () => string {
  const next = random(seed);
  let count = 0;
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  return () => {
    count += 1;
    const words = [pick(WORDS)];
    if (next() < 0.4) words.push(pick(WORDS));
    const shaped = words.map((word) => {
      const roll = next();
      if (roll < 0.2) return typo(word, next);
      if (roll < 0.4) return word.slice(0, Math.max(3, Math.ceil(word.length * 0.6)));
      return word;
    });
    const params = new URLSearchParams({ q: shaped.join(' ') });
    // The cents make every query distinct; the bound itself rarely filters anything out.
    params.set('maxPrice', (500 + (count % 100_000) / 100).toFixed(2));
    if (next() < 0.2) params.set('minPrice', String(Math.floor(next() * 30)));
    if (next() < 0.2) params.set('category', pick(CATEGORIES));
    if (next() < 0.2) params.set('sort', next() < 0.5 ? 'priceAsc' : 'priceDesc');
    params.set('page', next() < 0.2 ? '2' : '1');
    return params.toString();
  };
}

/**
 * The query strings (without `?`) of an endless series of distinct suggestion requests, as the
 * header's box sends them while a shopper types: the first letters of a catalogue word (two or
 * more), sometimes after a whole word, sometimes with a typo once four letters are typed. None
 * repeats in a run; when the short ones are used up, the queries get a word longer.
 */
export function distinctPrefixes(seed = 2): () => string {
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const seen = new Set<string>();
  return () => {
    for (let tries = 0; ; tries += 1) {
      const words = Array.from({ length: Math.floor(next() * 2) + Math.floor(tries / 20) }, () =>
        pick(WORDS),
      );
      const last = pick(WORDS);
      let typed = last.slice(0, 2 + Math.floor(next() * (last.length - 1)));
      if (typed.length >= 4 && next() < 0.2) typed = typo(typed, next);
      const q = [...words, typed].join(' ');
      if (seen.has(q)) continue;
      seen.add(q);
      return new URLSearchParams({ q }).toString();
    }
  };
}
