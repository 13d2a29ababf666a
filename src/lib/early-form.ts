import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useHydrated } from '../islands/shared/useHydrated';

/**
 * What a shopper does with a server-rendered form before its island has hydrated is kept
 * (issue 13 point 10). Two halves:
 *
 * - `useDomInitialState`: the island's first state is what the fields hold in the DOM when it
 *   hydrates (typed, pasted or autofilled before the script ran), not the empty defaults, so
 *   React does not wipe them when it takes the inputs over.
 * - `useEarlySubmit` with `<EarlySubmit />` (src/components/forms/EarlySubmit.astro, a few bytes
 *   inlined into the page): a submit pressed before hydration is held, and sent by the island as
 *   soon as it is ready, with the values above.
 */

export type FieldValue = string | boolean;

/** The current value of a field by its id: `checked` for a checkbox, `value` otherwise. */
function domValue(id: string): FieldValue | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(id);
  if (element instanceof HTMLInputElement) {
    return element.type === 'checkbox' || element.type === 'radio'
      ? element.checked
      : element.value;
  }
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
    return element.value;
  }
  return undefined;
}

/** `defaults`, with each field the DOM already has (same kind of value) taken from it. */
export function readDomValues<T extends { [K in keyof T]: FieldValue }>(
  defaults: T,
  idOf: (name: keyof T & string) => string,
): T {
  const values = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof T & string)[]) {
    const current = domValue(idOf(name));
    if (current !== undefined && typeof current === typeof defaults[name]) {
      values[name] = current as T[typeof name];
    }
  }
  return values;
}

/** Whether every field is still empty: nothing typed yet (before or after hydration). */
export const untouched = (values: object) => Object.values(values).every((value) => value === '');

/**
 * State for a form's fields that starts from what the server-rendered fields hold. Only the
 * inputs' own values may show it during hydration: any other output drawn from it (a character
 * count, a message) must wait for `useHydrated()`, or React finds the HTML different, throws it
 * away and draws the form again, empty.
 */
export function useDomInitialState<T extends { [K in keyof T]: FieldValue }>(
  defaults: T,
  idOf: (name: keyof T & string) => string,
  /** What the form's own input handlers would have made of those values (e.g. "1229" → "12/29"). */
  normalise: (values: T) => T = (values) => values,
): [T, Dispatch<SetStateAction<T>>] {
  return useState<T>(() => normalise(readDomValues(defaults, idOf)));
}

/** Set on a form while its island is not interactive yet; EarlySubmit holds its submits. */
export const AWAITING_HYDRATION = 'data-awaiting-hydration';
/** Set by EarlySubmit on a form whose submit it held. */
export const SUBMIT_QUEUED = 'data-submit-queued';

/**
 * Spread the answer on the `<form>`; once the island has hydrated (and is `ready`: what the form
 * still waits for, such as a signed-in shopper's stored cards, has come), a submit held before is
 * sent again (through React's own onSubmit, so the form's checks apply).
 */
export function useEarlySubmit(
  form: RefObject<HTMLFormElement | null>,
  ready = true,
): Record<string, string> {
  const hydrated = useHydrated();
  useEffect(() => {
    const element = form.current;
    if (!hydrated || !ready || !element?.hasAttribute(SUBMIT_QUEUED)) return;
    element.removeAttribute(SUBMIT_QUEUED);
    element.requestSubmit();
  }, [hydrated, ready, form]);
  return hydrated ? {} : { [AWAITING_HYDRATION]: '' };
}
