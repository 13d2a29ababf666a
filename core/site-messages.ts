/**
 * The texts of the site shell, the home page and the contact form that the spec gives word for
 * word (§2, §8). They live here once; tests assert them. The contact form's field rules and
 * their messages live in its schema (core/contact/model.ts).
 */

/** The two top notice bars (spec §2), shown after their delay until a click dismisses them. */
export const NOTICE_BARS = [
  {
    id: 'prices-include-shipping',
    text: 'Prices include shipping — no surprises at checkout!',
    delayMs: 2_000,
  },
  {
    id: 'continental-us-only',
    text: 'We currently ship only to the continental United States (excludes Alaska + Hawaii)',
    delayMs: 10_000,
  },
] as const;

export const COOKIE_NOTICE = {
  text: 'We use only essential cookies, the ones the shop needs to work. We do not track you.',
  button: 'Got it',
} as const;

/** Browser storage keys of the shell (spec §9: notice dismissals and the cookie consent flag). */
export const STORAGE_KEYS = {
  cookieConsent: 'cookie-consent',
  noticeDismissed: (id: string) => `notice-dismissed:${id}`,
} as const;

export const HOME_TEXT = {
  shopGifts: 'Shop Gifts',
  shopByCategory: 'Shop by Category',
  giftInspiration: 'Gift Inspiration',
  featuredProducts: 'Featured Products',
  loadingProducts: 'Loading products...',
  noFeaturedProducts: 'No featured products available.',
} as const;

/** The contact form's outcomes (spec §8 Contact). */
export const CONTACT_TEXT = {
  success: "Thanks for reaching out! We'll get back to you soon.",
  failure: 'There was a problem submitting the form.',
  networkError: 'Network error submitting the form.',
} as const;

/** The shop's promises (spec §1 positioning statements). */
export const PROMISES = [
  'Prices include shipping.',
  'Sales tax is calculated from your shipping address.',
  'We only use essential cookies and we do not track you.',
  'We never ask for your phone number.',
] as const;
