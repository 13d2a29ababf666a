import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False during the server render and while the island hydrates, true after. Anything read from
 * browser storage waits for it, so the first client render matches the server's HTML. React
 * renders the server snapshot while hydrating and the client one right after, with no effect that
 * sets state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
