/**
 * What a product is, as data on the product (DECISIONS "A product's kind"): never read from its
 * category's name or its title. Order lines copy the kind and the tax class, so an order reads
 * the same after the catalogue changes.
 *
 * - `goods`: a thing that ships in a parcel; its stock is counted.
 * - `digital`: a file the buyer downloads; sold once an order, no stock limit, never returned.
 * - `gift_card`: money on a card emailed to someone; no stock limit, never taxed at sale (Washington
 *   taxes what the card later buys), never returned, cannot be paid for with a gift card.
 */
export const PRODUCT_KINDS = ['goods', 'digital', 'gift_card'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/**
 * How sales tax treats a product: `standard` is taxed at the rate of the address the tax follows;
 * `exempt` is not a retail sale (a gift card).
 */
export const TAX_CLASSES = ['standard', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** The tax class a product of this kind takes unless the owner sets another. */
export const DEFAULT_TAX_CLASS: Record<ProductKind, TaxClass> = {
  goods: 'standard',
  digital: 'standard',
  gift_card: 'exempt',
};

interface Kinded {
  kind: ProductKind;
}

export const isGoods = (item: Kinded): boolean => item.kind === 'goods';
export const isDigitalKind = (item: Kinded): boolean => item.kind === 'digital';
export const isGiftCardKind = (item: Kinded): boolean => item.kind === 'gift_card';

/** Whether the shop counts this product's units (goods); digital files and gift cards never run out. */
export const hasStockLimit = (item: Kinded): boolean => item.kind === 'goods';

/** Whether a line of this kind goes in a parcel. */
export const ships = (item: Kinded): boolean => item.kind === 'goods';

/** Whether a line is taxed at sale. */
export const isTaxable = (item: { taxClass: TaxClass }): boolean => item.taxClass === 'standard';
