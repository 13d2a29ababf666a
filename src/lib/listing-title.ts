/**
 * The heading of a subcategory listing (spec §2 Listings). The noun is 'Gifts' when the category
 * contains 'Gift', else 'Items'. A subcategory that starts with the word 'For' or 'Under' follows
 * the noun ('Gifts Under $30', 'Items For the Art Lover'); any other comes before it ('Kitchen
 * Items'); with no subcategory the page is '{Items|Gifts} for Every Occasion'. "Starts with" means
 * the whole word, so 'Forest Finds' reads 'Forest Finds Items'.
 */
export function listingTitle(category: string, subcategory?: string | null): string {
  const noun = category.includes('Gift') ? 'Gifts' : 'Items';
  const sub = subcategory?.trim();
  if (!sub) return `${noun} for Every Occasion`;
  if (/^(For|Under)\b/.test(sub)) return `${noun} ${sub}`;
  return `${sub} ${noun}`;
}
