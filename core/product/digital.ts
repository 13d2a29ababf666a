/**
 * The name of the seeded listing of photo downloads. It names a shelf, never what a product is:
 * that is the product's `kind` (core/product/kind.ts), so a download listed under "Prints" is as
 * digital as one under "Digital". The product editor, which makes goods only (a download needs
 * its private file), keeps goods off this shelf so shoppers do not take a parcel for a download.
 */
export const DIGITAL_CATEGORY = 'digital';

/** Whether a category is the downloads' shelf (any case), for the product editor's listing rule. */
export function isDownloadsShelf(category: string): boolean {
  return category.toLowerCase() === DIGITAL_CATEGORY;
}
