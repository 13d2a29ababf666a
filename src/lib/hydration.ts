/**
 * `client:idle`'s option for every island hydrated that way: hydrate at the browser's first idle
 * moment, or after this long at the latest. Without it an island waits for an idle moment that a
 * page kept busy may not give for seconds, and Chromium's headless shell, when nothing on the
 * page repaints, gives none at all: its header stayed server-rendered (no menu, no cart count)
 * for 20 s and more in the end-to-end runs (tests/e2e/hydration.spec.ts).
 */
export const IDLE_AT_LATEST = { timeout: 1500 } as const;
