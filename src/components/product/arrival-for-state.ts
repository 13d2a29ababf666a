import { formatArrivalRange } from '../../../core/arrival-format';

/**
 * The product page's arrival line for the visitor's state once known (issue 41 point 2). The page
 * is drawn (and kept) with the continental range for everyone; when the browser's checkout store
 * holds a shipping state, this asks the server for that state's window and says it instead.
 * Plain fetch and no schema: it runs on every product page.
 */
export const STATE_ARRIVAL_TEXT = {
  ifOrderedToday: (window: { earliest: string; latest: string }, state: string) =>
    `Arrives ${formatArrivalRange(window)} to ${state} if ordered today`,
  personalizedIfOrderedToday: (window: { earliest: string; latest: string }, state: string) =>
    `Personalized: arrives ${formatArrivalRange(window)} to ${state} if ordered today`,
} as const;

/** The checkout store's key and shape in localStorage (src/stores/checkout.ts). */
const CHECKOUT_KEY = 'checkout';
const NOT_SHIPPED_TO = ['AK', 'HI'];

/** What GET /api/arrival answers, as far as this reads it. */
type Answered = { kind: string; earliest?: string; latest?: string };
type ParcelWindow = Answered & { kind: 'parcel'; earliest: string; latest: string };
type Answer = { arrival?: Answered & { personalized?: Answered } };

/** The shipping state the shopper last entered at checkout, if it is one the shop ships to. */
export function storedShippingState(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const stored = JSON.parse(storage.getItem(CHECKOUT_KEY) ?? 'null') as {
      shippingAddress?: { state?: unknown };
    } | null;
    const state = stored?.shippingAddress?.state;
    if (typeof state !== 'string' || !/^[A-Z]{2}$/.test(state)) return null;
    return NOT_SHIPPED_TO.includes(state) ? null : state;
  } catch {
    return null;
  }
}

const isParcel = <T extends Answered>(value: T): value is T & ParcelWindow =>
  value.kind === 'parcel' && Boolean(value.earliest && value.latest);

/** Replaces the continental line(s) with the stored state's window; leaves them on any failure. */
export async function showArrivalForState(): Promise<void> {
  const line = document.querySelector<HTMLElement>('[data-arrival="parcel"][data-product]');
  const state = storedShippingState(localStorage);
  if (!line || !state) return;
  // Only a line about to change is a live region.
  line.setAttribute('aria-live', 'polite');
  const query = new URLSearchParams({ product: line.dataset.product ?? '', state });
  const response = await fetch(`/api/arrival?${query}`).catch(() => null);
  if (!response?.ok) return;
  const { arrival } = (await response.json()) as Answer;
  if (!arrival || !isParcel(arrival)) return;
  line.textContent = STATE_ARRIVAL_TEXT.ifOrderedToday(arrival, state);
  const personalized = document.querySelector<HTMLElement>('[data-testid="arrival-personalized"]');
  const slower = arrival.personalized;
  if (personalized && slower && isParcel(slower)) {
    personalized.setAttribute('aria-live', 'polite');
    personalized.textContent = STATE_ARRIVAL_TEXT.personalizedIfOrderedToday(slower, state);
  }
}
