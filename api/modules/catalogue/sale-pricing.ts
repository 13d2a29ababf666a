import { centsToDollars, dollarsToCents } from '../../../core/money';
import type { ProductDto, VariantDto } from '../../../core/product/model';
import { productPriceCents } from '../../../core/product/price';
import { priceOnDay, type SaleTerms } from '../../../core/product/sale';
import { addDays } from '../../../core/dates';
import { shopDayOf, shopMidnight } from '../../../core/shop-calendar';

/**
 * Sale prices in the catalogue (issue 42). A ProductDto's `price` is what is charged on the day it
 * was made for; the sales behind it (some may start or end another day) ride along under a symbol
 * key, which JSON never shows, so the read model can price the product again when the shop day
 * changes without reading the database, and no answer tells a sale before it starts.
 */
export const SALE_SCHEDULE = Symbol('saleSchedule');

export interface SaleSchedule {
  /** The product at its regular prices (no sale applied). */
  regular: ProductDto;
  product: SaleTerms | null;
  /** Each variant's (or bundle option's) sale, by sku. */
  variants: Record<string, SaleTerms>;
}

type Scheduled = ProductDto & { [SALE_SCHEDULE]?: SaleSchedule };

/** The sales behind a product, when it has any (on or not). */
export function scheduleOf(product: ProductDto): SaleSchedule | undefined {
  return (product as Scheduled)[SALE_SCHEDULE];
}

function pricedVariant(variant: VariantDto, terms: SaleTerms | undefined, day: string): VariantDto {
  const price = priceOnDay(dollarsToCents(variant.price), terms, day);
  return {
    ...variant,
    price: centsToDollars(price.priceCents),
    compareAtPrice: price.compareAtCents === null ? null : centsToDollars(price.compareAtCents),
    saleEndsOn: price.saleEndsOn,
  };
}

/** A product as sold on shop day `day`: each sale that is on that day applied. */
export function pricedOn(schedule: SaleSchedule, day: string): ProductDto {
  const { regular } = schedule;
  const price = priceOnDay(productPriceCents(regular), schedule.product, day);
  const onSale = price.compareAtCents !== null;
  const variant = (each: VariantDto) => pricedVariant(each, schedule.variants[each.sku], day);
  const priced: Scheduled = {
    ...regular,
    price: onSale ? centsToDollars(price.priceCents) : regular.price,
    compareAtPrice: onSale ? centsToDollars(price.compareAtCents!) : null,
    saleEndsOn: price.saleEndsOn,
    variants: regular.isBundle
      ? (regular.variants as VariantDto[][]).map((group) => group.map(variant))
      : (regular.variants as VariantDto[]).map(variant),
  };
  Object.defineProperty(priced, SALE_SCHEDULE, { value: schedule, enumerable: false });
  return priced;
}

/**
 * A product made from its rows, priced for `day`: with no sale anywhere it is `regular` as it is;
 * otherwise its sales are kept with it (`scheduleOf`).
 */
export function withSales(
  regular: ProductDto,
  product: SaleTerms | null,
  variants: Record<string, SaleTerms>,
  day: string,
): ProductDto {
  if (!product && Object.keys(variants).length === 0) return regular;
  return pricedOn({ regular, product, variants }, day);
}

/** The shop day a catalogue is priced for, as its clock tells it. */
export class PricingDay {
  day: string;
  private nextAt: number;

  constructor(private readonly now: () => Date) {
    this.day = shopDayOf(now());
    this.nextAt = shopMidnight(addDays(this.day, 1)).getTime();
  }

  /** Whether a new shop day has begun since the last call; `day` is then that day. */
  turned(): boolean {
    const at = this.now();
    if (at.getTime() < this.nextAt) return false;
    this.day = shopDayOf(at);
    this.nextAt = shopMidnight(addDays(this.day, 1)).getTime();
    return true;
  }
}

/** Those of `products` whose prices differ on `day` from what they show, priced for it. */
export function repricedOn(products: Iterable<ProductDto>, day: string): ProductDto[] {
  const repriced: ProductDto[] = [];
  for (const product of products) {
    const schedule = scheduleOf(product);
    if (!schedule) continue;
    const priced = pricedOn(schedule, day);
    if (JSON.stringify(priced) !== JSON.stringify(product)) repriced.push(priced);
  }
  return repriced;
}
