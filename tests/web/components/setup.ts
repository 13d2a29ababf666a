import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { $auth, $jwt, clearSession } from '../../../src/stores/auth';
import { $cart } from '../../../src/stores/cart';
import { $checkout, initialCheckout } from '../../../src/stores/checkout';
import { currentFakeApi, forgetFakeApi } from '../support/fake-api';

/**
 * Each component test starts on a blank page: no island mounted, signed out, an empty cart and
 * checkout, nothing in storage, at the site's root; and no call went to an API route the test
 * did not answer.
 */
afterEach(() => {
  cleanup();
  const unexpected = currentFakeApi()?.unexpected ?? [];
  forgetFakeApi();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // happy-dom refuses `delete localStorage[key]` for a key it does not hold (a browser allows
  // it), which is how the store forgets an absent token: clear storage only then.
  if ($jwt.get() !== undefined) clearSession();
  $cart.set([]);
  $checkout.set(initialCheckout());
  localStorage.clear();
  $auth.set({ isLoggedIn: false, user: null });
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  expect(
    unexpected.map((call) => `${call.method} ${call.path}`),
    'calls no test answered',
  ).toEqual([]);
});
