import { describe, expect, it } from 'vitest';
import { confirmLabel, paymentsAreLive } from '../../src/islands/checkout/messages';

/** DECISIONS "The confirm button": the test-mode notice unless Stripe runs with live keys. */
describe('the confirm button', () => {
  it.each([
    ['sandbox', undefined, 'This is a test site, do not click'],
    ['stripe', 'pk_test_51abc', 'This is a test site, do not click'],
    ['stripe', undefined, 'This is a test site, do not click'],
    ['stripe', 'pk_live_51abc', 'Place order'],
  ] as const)('with %s and key %s reads %s', (provider, key, label) => {
    expect(confirmLabel(paymentsAreLive(provider, key))).toBe(label);
  });
});
