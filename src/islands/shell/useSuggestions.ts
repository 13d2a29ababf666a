import { useEffect, useState } from 'react';
import { lazyApi } from '../../lib/lazy-api';
import { SUGGEST_MIN_CHARACTERS, type SuggestAnswer } from '../../../core/product/suggest';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_PAUSE_MS = 150;

export type SuggestState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'ready'; query: string; answer: SuggestAnswer }
  | { status: 'failed'; query: string };

/**
 * The suggestions for the text typed so far (issue 27): asked for only after a short pause, and
 * only from the second character. A newer query aborts the older request and its answer is
 * dropped, so a slow, stale answer never replaces a newer one.
 */
export function useSuggestions(query: string, enabled: boolean): SuggestState {
  const [latest, setLatest] = useState<{ query: string; answer: SuggestAnswer | null } | null>(
    null,
  );
  const trimmed = query.trim();
  const wanted = enabled && trimmed.length >= SUGGEST_MIN_CHARACTERS;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lazyApi()
        .then((api) =>
          api.get<SuggestAnswer>(`/product/suggest?q=${encodeURIComponent(trimmed)}`, {
            anonymous: true,
            signal: controller.signal,
          }),
        )
        .then(
          (result) => {
            if (controller.signal.aborted) return;
            setLatest({ query: trimmed, answer: result.ok ? result.data : null });
          },
          () => undefined, // aborted: a newer query is on its way
        );
    }, SUGGEST_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, wanted]);
  if (!wanted) return { status: 'idle' };
  // While a newer query is on its way, the last answer stays shown.
  if (latest?.answer) return { status: 'ready', query: latest.query, answer: latest.answer };
  if (latest?.query === trimmed) return { status: 'failed', query: trimmed };
  return { status: 'loading', query: trimmed };
}
