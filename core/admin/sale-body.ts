import { z } from 'zod';
import { calendarDate } from '../dates';
import { dollarsToCents, isWholeCents } from '../money';
import { FALLBACK_PRICE_CENTS } from '../product/constants';

/**
 * A sale price as the product editor sends it (issue 42), for the product and for each variant:
 * `sale: { price, startsOn, endsOn } | null` (null: no sale; absent: unchanged). Checked by the
 * form before sending and by the API on arrival, with these sentences.
 */
export const SALE_MESSAGES = {
  price: 'Enter a sale price above 0.00, with at most two decimals.',
  belowRegular: 'The sale price must be below the regular price.',
  startsOn: 'Enter the first day of the sale as a date, or leave it empty to start now.',
  endsOn: 'Enter the last day of the sale as a date, or leave it empty for no end.',
  order: 'The sale cannot end before it starts.',
} as const;

const day = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? null : value),
    calendarDate(message).nullable(),
  );

/** One sale: its price in dollars (to cents), its first and last shop days (both inclusive). */
export const saleInput = z
  .object({
    price: z.coerce
      .number({ error: SALE_MESSAGES.price })
      .gt(0, SALE_MESSAGES.price)
      .max(100_000, SALE_MESSAGES.price)
      .refine(isWholeCents, { error: SALE_MESSAGES.price })
      .transform(dollarsToCents),
    startsOn: day(SALE_MESSAGES.startsOn),
    endsOn: day(SALE_MESSAGES.endsOn),
  })
  .refine((sale) => !sale.startsOn || !sale.endsOn || sale.startsOn <= sale.endsOn, {
    path: ['endsOn'],
    error: SALE_MESSAGES.order,
  });
export type SaleInput = z.infer<typeof saleInput>;

/** A sale field: null (none) or a sale; left out, the product keeps the one it has. */
export const saleField = saleInput.nullable().optional();

/** The columns a sale is stored in (products and product_variants alike). */
export const saleColumns = (sale: SaleInput | null) => ({
  salePriceCents: sale?.price ?? null,
  saleStartsOn: sale?.startsOn ?? null,
  saleEndsOn: sale?.endsOn ?? null,
});

/**
 * Each sale of the form is below its regular price (a product without a price of its own is sold
 * at the fallback price, so its sale must be below that).
 */
export function salesBelowRegular(
  body: {
    price?: number | null | undefined;
    sale?: SaleInput | null | undefined;
    variants?: { price: number; sale?: SaleInput | null | undefined }[] | undefined;
  },
  context: z.RefinementCtx,
) {
  const refuse = (path: (string | number)[]) =>
    context.addIssue({ code: 'custom', path, message: SALE_MESSAGES.belowRegular });
  const regular = body.price ?? FALLBACK_PRICE_CENTS;
  if (body.sale && body.sale.price >= regular) refuse(['sale', 'price']);
  (body.variants ?? []).forEach((variant, index) => {
    if (variant.sale && variant.sale.price >= variant.price)
      refuse(['variants', index, 'sale', 'price']);
  });
}
