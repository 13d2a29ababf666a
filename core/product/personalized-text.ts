/**
 * A personalized line's texts as the cart, the order and every page print them (issue 40), apart
 * from the rules (core/product/personalization.ts) so the cart store, loaded on every page, takes
 * no schema library with it.
 */

/** One field's text as an order keeps it: the label travels with it to the slip and the emails. */
export interface PersonalizedText {
  key: string;
  label: string;
  value: string;
}

/**
 * What tells two cart lines of one product and sku apart: their texts (keys and values, whatever
 * order they came in). Empty for a line without personalization.
 */
export function personalizationKey(
  texts: readonly Pick<PersonalizedText, 'key' | 'value'>[] | undefined,
): string {
  const filled = (texts ?? [])
    .map((text) => [text.key, text.value.trim()] as const)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return filled.length === 0 ? '' : JSON.stringify(filled);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date field's value as people read it (MM/DD/YYYY); other values as typed. */
export function shownValue(text: Pick<PersonalizedText, 'value'>) {
  const match = ISO_DATE.exec(text.value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : text.value;
}

/** One personalized text as every page, email and slip prints it: `Name on the mug: Grandma Jo`. */
export const personalizedLine = (text: Pick<PersonalizedText, 'label' | 'value'>): string =>
  `${text.label}: ${shownValue(text)}`;
