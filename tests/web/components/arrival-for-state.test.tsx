import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  showArrivalForState,
  storedShippingState,
} from '../../../src/components/product/arrival-for-state';

/*
 * Issue 41 point 2: the product page is drawn with the continental range; once the checkout store
 * holds a shipping state, the line says that state's window (the e2e spec arrival-state.spec.ts
 * goes through the pages; this pins the rules: which states, which failures leave the line).
 */

const CONTINENTAL = 'Arrives Dec 14–17 if ordered today';
const PERSONALIZED = 'Personalized: arrives Dec 16–21 if ordered today';

function drawPage() {
  document.body.innerHTML = `
    <p data-testid="arrival" data-arrival="parcel" data-product="p-1">${CONTINENTAL}</p>
    <p data-testid="arrival-personalized">${PERSONALIZED}</p>`;
}

const storeState = (state: unknown) =>
  localStorage.setItem('checkout', JSON.stringify({ shippingAddress: { state } }));

const answer = (arrival: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify({ arrival }), { status }));

const line = () => document.querySelector('[data-testid="arrival"]')!;
const personalizedLine = () => document.querySelector('[data-testid="arrival-personalized"]')!;

beforeEach(() => {
  localStorage.clear();
  drawPage();
});
afterEach(() => vi.unstubAllGlobals());

describe("the product page's line for the shopper's state", () => {
  it('reads the state the shopper entered, never one the shop does not ship to', () => {
    storeState('VT');
    expect(storedShippingState(localStorage)).toBe('VT');
    for (const state of ['AK', 'HI', 'vt', 'VTX', '', 7]) {
      storeState(state);
      expect(storedShippingState(localStorage), String(state)).toBeNull();
    }
    localStorage.setItem('checkout', '{not json');
    expect(storedShippingState(localStorage)).toBeNull();
    localStorage.clear();
    expect(storedShippingState(localStorage)).toBeNull();
  });

  it("says the state's window on both lines, asked for this product and state", async () => {
    storeState('VT');
    const fetch = answer({
      kind: 'parcel',
      earliest: '2026-12-15',
      latest: '2026-12-18',
      personalized: { kind: 'parcel', earliest: '2026-12-17', latest: '2026-12-22' },
    });
    vi.stubGlobal('fetch', fetch);
    await showArrivalForState();
    expect(fetch).toHaveBeenCalledWith('/api/arrival?product=p-1&state=VT');
    expect(line().textContent).toBe('Arrives Dec 15–18 to VT if ordered today');
    expect(line().getAttribute('aria-live')).toBe('polite');
    expect(personalizedLine().textContent).toBe(
      'Personalized: arrives Dec 17–22 to VT if ordered today',
    );
  });

  it('leaves the continental line without a state, or when the server cannot answer', async () => {
    const fetch = answer({ kind: 'parcel', earliest: '2026-12-15', latest: '2026-12-18' });
    vi.stubGlobal('fetch', fetch);
    await showArrivalForState();
    expect(fetch).not.toHaveBeenCalled();
    expect(line().getAttribute('aria-live')).toBeNull();

    storeState('OR');
    const whole = { kind: 'parcel', earliest: '2026-12-15', latest: '2026-12-18' };
    vi.stubGlobal('fetch', answer(whole, 503));
    await showArrivalForState();
    vi.stubGlobal('fetch', answer({ kind: 'parcel', earliest: '2026-12-15' }));
    await showArrivalForState();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await showArrivalForState();
    expect(line().textContent).toBe(CONTINENTAL);
    expect(personalizedLine().textContent).toBe(PERSONALIZED);
  });
});
