/** The product page's rating sentences (ProductRating.tsx; the e2e spec reads them too). */
export const RATING_TEXT = {
  logIn: 'Log in to rate this product',
  verify: 'Verify your email address to rate products.',
  failed: 'Your rating could not be saved. Please try again.',
} as const;
