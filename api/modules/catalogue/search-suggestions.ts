import type { SearchIndex } from './search-index';
import { queryWords } from './search-words';

/**
 * For a search that found nothing (issue 24): up to `limit` queries the index does answer. Each
 * word that matches nothing is replaced by the closest words the index knows (the closest first,
 * then the next), and dropped when it knows none near; when every word matches alone but not all
 * together, each word alone is offered.
 */
export function searchSuggestions(index: SearchIndex, words: string[], limit = 3): string[] {
  const missing = new Map(
    words.filter((word) => !index.finds(word)).map((word) => [word, index.nearWords(word)]),
  );
  const candidates: string[] = [];
  if (missing.size === 0) candidates.push(...words);
  else {
    for (let choice = 0; choice < limit; choice += 1) {
      const replaced = words.flatMap((word) => {
        const near = missing.get(word);
        if (!near) return [word];
        const chosen = near[choice] ?? near[0];
        return chosen ? [chosen] : [];
      });
      candidates.push(replaced.join(' '));
    }
  }
  const asked = words.join(' ');
  const found = new Set<string>();
  for (const query of candidates) {
    if (found.size >= limit) break;
    if (!query || query === asked || found.has(query)) continue;
    if (index.search(queryWords(query)).documents.length > 0) found.add(query);
  }
  return [...found];
}
