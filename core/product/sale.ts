/**
 * Sale prices (issue 42): a product or a variant may be sold below its regular price from one shop
 * day to another (America/Los_Angeles, core/shop-calendar.ts). Pure: the catalogue prices its
 * products with it, the browser may import it.
 *
 * Reading of the rules:
 * - `startsOn` and `endsOn` are both inclusive shop days (YYYY-MM-DD); a null start means "already
 *   started", a null end "until the owner ends it".
 * - A sale price that is not below the regular price is not a sale: nothing is struck through and
 *   the regular price is charged (the owner's form refuses it; an old sale left behind when the
 *   regular price was lowered under it is simply ignored).
 * - A sale price of 0 is not a sale either (the form asks for more than 0; the database only
 *   refuses negative prices): an item is never given away by a sale.
 */
import type { ProductDto, VariantDto } from './model';

/** A sale as stored: its price in cents and its shop days. */
export interface SaleTerms {
  priceCents: number;
  startsOn: string | null;
  endsOn: string | null;
}

/** What one item is sold at on one day. */
export interface PriceOnDay {
  /** The price charged that day, in cents. */
  priceCents: number;
  /** The regular price while a sale is on (shown struck through); null otherwise. */
  compareAtCents: number | null;
  /** The sale's last day while a sale with an end is on; null otherwise. */
  saleEndsOn: string | null;
}

/** Whether `terms` make a sale of an item regularly at `regularCents` on shop day `day`. */
export function saleIsOn(
  terms: SaleTerms | null | undefined,
  regularCents: number,
  day: string,
): terms is SaleTerms {
  if (!terms) return false;
  if (terms.priceCents <= 0 || terms.priceCents >= regularCents) return false;
  if (terms.startsOn !== null && day < terms.startsOn) return false;
  if (terms.endsOn !== null && day > terms.endsOn) return false;
  return true;
}

/** The price of an item regularly at `regularCents` on shop day `day`, with what a page shows. */
export function priceOnDay(
  regularCents: number,
  terms: SaleTerms | null | undefined,
  day: string,
): PriceOnDay {
  if (!saleIsOn(terms, regularCents, day)) {
    return { priceCents: regularCents, compareAtCents: null, saleEndsOn: null };
  }
  return { priceCents: terms.priceCents, compareAtCents: regularCents, saleEndsOn: terms.endsOn };
}

/** The price charged on `day`, in cents. */
export function chargedCents(
  regularCents: number,
  terms: SaleTerms | null | undefined,
  day: string,
): number {
  return priceOnDay(regularCents, terms, day).priceCents;
}

/** A sale as a row stores it (`sale_price_cents`, `sale_starts_on`, `sale_ends_on`), or null. */
export function saleTermsOf(row: {
  salePriceCents: number | null;
  saleStartsOn: string | null;
  saleEndsOn: string | null;
}): SaleTerms | null {
  if (row.salePriceCents === null) return null;
  return { priceCents: row.salePriceCents, startsOn: row.saleStartsOn, endsOn: row.saleEndsOn };
}

/** The badge a card, the product page, the cart line and a suggestion show during a sale. */
export const SALE_BADGE = 'Sale';

/** Said (not shown) before a struck-through regular price, so it reads "Was $26.00". */
export const WAS_PRICE_PREFIX = 'Was ';

/** Whether a product, or one of its variants or options, is on sale on the day it was priced for. */
export function isOnSale(product: Pick<ProductDto, 'compareAtPrice' | 'variants'>): boolean {
  if (product.compareAtPrice != null) return true;
  return (product.variants as (VariantDto | VariantDto[])[])
    .flat()
    .some((variant) => variant.compareAtPrice != null);
}
