import { useEffect, useState } from 'react';

/**
 * False during the server render and the first client render, true after. Anything read from
 * browser storage waits for it, so the first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
