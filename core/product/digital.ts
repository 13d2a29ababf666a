/**
 * spec §4: a product is digital when its main category is 'digital', in any case ('Digital' and
 * 'DIGITAL' too). A digital product is sold once an order, has no stock limit, is never rated and
 * never returned, and its artwork is a landscape photo. Every side asks this one function.
 */
export const DIGITAL_CATEGORY = 'digital';

/** Whether a main category name marks digital products. */
export function isDigitalCategory(category: string): boolean {
  return category.toLowerCase() === DIGITAL_CATEGORY;
}

/** Whether a product (or a cart or order line, which carry its category) is digital. */
export function isDigital(item: { category: string }): boolean {
  return isDigitalCategory(item.category);
}
