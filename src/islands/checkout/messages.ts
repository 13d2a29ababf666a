import { ORDER_MESSAGES } from '../../../core/orders/model';

/** The checkout pages' texts. Those in quotes in the spec (§1, §5, §8) are word for word. */
export const CHECKOUT_TEXT = {
  outOfStock: 'One of the products is out of stock',
  problemOnOurEnd: 'There is a problem on our end. Please try again later.',
  oops: 'Oops! Something went wrong while confirming your order.',
  tryAgain: 'Try Again',
  sandboxConfirm: 'This is a test site, do not click',
  liveConfirm: 'Place order',
  confirming: 'Confirming your order…',
  returnPolicy: ORDER_MESSAGES.returnPolicy,
  /** A cart of digital items only (DECISIONS "Digital-only orders"). */
  nothingToShip:
    'Your cart holds digital items only, so nothing is shipped: you download them once paid. Next, your billing address.',
  billingTaxNote:
    'Sales tax is calculated from your billing address, since digital items are not shipped.',
  noShipping: 'Digital items only: nothing is shipped. Your download links come with the order.',
  /** The server's answer that the review page turns into the two lines above (spec §8). */
  serverOutOfStock: ORDER_MESSAGES.outOfStock,
} as const;

export type PaymentProviderName = 'sandbox' | 'stripe';

/**
 * DECISIONS "The confirm button": payments are live only with Stripe and live keys; the sandbox
 * and Stripe's test keys (`pk_test_…`) are test mode.
 */
export const paymentsAreLive = (provider: PaymentProviderName, publishableKey?: string | null) =>
  provider === 'stripe' && Boolean(publishableKey?.startsWith('pk_live_'));

/** 'Place order' with live payments, the spec's test-mode notice otherwise. */
export const confirmLabel = (live: boolean) =>
  live ? CHECKOUT_TEXT.liveConfirm : CHECKOUT_TEXT.sandboxConfirm;
