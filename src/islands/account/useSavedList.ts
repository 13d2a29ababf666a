import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

/** A list the account keeps (addresses, cards): loading, failed (never for a 401), or ready. */
export type SavedList<Entry> =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; entries: Entry[] };

type Answer<Entry> = Awaited<ReturnType<typeof api.get<Entry[]>>>;

/** The list an answer shows; none for a 401 (the API client renews the session or goes to /login). */
function listOf<Entry>(result: Answer<Entry>): SavedList<Entry> | undefined {
  if (result.ok) return { kind: 'ready', entries: result.data };
  return result.status === 401 ? undefined : { kind: 'failed' };
}

/** Asks for the list at `path` once `enabled`, and again on `reload()` (after an add or a delete). */
export function useSavedList<Entry>(path: string, enabled = true) {
  const [list, setList] = useState<SavedList<Entry>>({ kind: 'loading' });

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    void api.get<Entry[]>(path).then((result) => {
      const next = listOf(result);
      if (active && next) setList(next);
    });
    return () => {
      active = false;
    };
  }, [path, enabled]);

  async function reload() {
    const next = listOf(await api.get<Entry[]>(path));
    if (next) setList(next);
  }

  return { list, reload };
}
