import { useState } from 'react';
import { api } from '../../lib/api-client';
import { useApiGet } from '../../lib/use-api-get';

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

  function show(result: Answer<Entry>) {
    const next = listOf(result);
    if (next) setList(next);
  }
  useApiGet<Entry[]>(enabled ? path : null, show);

  async function reload() {
    show(await api.get<Entry[]>(path));
  }

  return { list, reload };
}
