import { z } from 'zod';
import { personalizationSettingsSchema } from '../product/personalization';
import { dollarsToCents, isWholeCents } from '../money';
import { CATEGORY_NAME_MESSAGE, categoryName } from '../catalogue/category-name';
import { PRODUCT_STATUSES } from '../product/model';
import { saleField, salesBelowRegular } from './sale-body';

/**
 * What the product editor sends (issues 14 and 25), checked by the form before sending and by the
 * API on arrival: one schema, one set of messages.
 */
export const PRODUCT_MESSAGES = {
  title: 'Enter a title of 2 to 120 characters.',
  description: 'Enter a description of at most 5000 characters.',
  price: 'Enter a price from 0.00 to 100000.00, with at most two decimals.',
  priority: 'Enter a priority: a whole number from 0 to 100000, or leave it empty.',
  category: CATEGORY_NAME_MESSAGE,
  categories: 'Choose 1 to 10 categories.',
  quantity: 'Enter the number in stock: a whole number from 0 to 100000.',
  images: 'Upload 1 to 8 images.',
  image: 'This image was not uploaded here.',
  productNotFound: 'There is no such product.',
  digital: 'A digital product cannot be added here.',
  sku: 'Enter a SKU of 2 to 60 letters, digits or dashes.',
  skuTaken: 'This SKU is already used by another product or variant.',
  skuTwice: 'Each SKU can be used once: this one is already in the form.',
  alttext: 'Describe the images for someone who cannot see them, in 5 to 200 characters.',
  details: 'Enter at most 12 detail lines, each of at most 200 characters.',
  variants: 'A product has at most 30 variants.',
  variantTitle: 'Name the size or option in 1 to 40 characters.',
  variantImage: "Choose one of the product's images for this variant, or none.",
  bundle: "A bundle's options cannot be edited here.",
  status: 'Choose draft or active.',
} as const;

export const categorizationInput = z.object({
  category: categoryName,
  // None: absent, null or blank.
  subcategory: z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && !value.trim()) ? null : value),
    categoryName.nullable(),
  ),
});

/** Dollars with at most two decimals, as a form sends them (a string or a number), to cents. */
const priceInput = z.coerce
  .number({ error: PRODUCT_MESSAGES.price })
  .min(0, PRODUCT_MESSAGES.price)
  .max(100_000, PRODUCT_MESSAGES.price)
  .refine(isWholeCents, { error: PRODUCT_MESSAGES.price })
  .transform(dollarsToCents);

const priorityInput = z
  .union([z.literal(''), z.null(), z.coerce.number({ error: PRODUCT_MESSAGES.priority })])
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value))
  .refine(
    (value) => value === null || (Number.isInteger(value) && value >= 0 && value <= 100_000),
    {
      error: PRODUCT_MESSAGES.priority,
    },
  );

/**
 * An edited product's price: empty keeps the product without a price of its own, so its page shows
 * the shop's default (FALLBACK_PRICE), as the demo catalogue's terrarium kit does.
 */
const editedPriceInput = z.preprocess(
  (value) => (typeof value === 'string' && !value.trim() ? null : value),
  priceInput.nullable(),
);

export const quantityInput = z.coerce
  .number({ error: PRODUCT_MESSAGES.quantity })
  .int(PRODUCT_MESSAGES.quantity)
  .min(0, PRODUCT_MESSAGES.quantity)
  .max(100_000, PRODUCT_MESSAGES.quantity);

/** A SKU as stored: capitals, digits and dashes ("eg-mug-1" is taken as "EG-MUG-1"). */
export const skuInput = z
  .string({ error: PRODUCT_MESSAGES.sku })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,59}$/, PRODUCT_MESSAGES.sku);

/** An image the shop can show: one uploaded here, or one of the demo catalogue's own. */
export const productImagePath = z
  .string()
  .regex(
    /^(\/uploads\/products\/[0-9a-f-]{36}\.webp|\/images\/products\/[a-z0-9-]{1,80}\.webp)$/,
    PRODUCT_MESSAGES.image,
  );

export const VARIANT_TYPES = ['size', 'color', 'option'] as const;

/** One plain variant (a size, a colour, an option) with its own SKU, price, stock and image. */
export const variantInput = z.object({
  /** The variant being edited; none for a new one. */
  id: z.uuid().optional(),
  type: z.enum(VARIANT_TYPES),
  title: z
    .string()
    .trim()
    .min(1, PRODUCT_MESSAGES.variantTitle)
    .max(40, PRODUCT_MESSAGES.variantTitle),
  sku: skuInput,
  price: priceInput,
  quantity: quantityInput,
  /**
   * The stock the form showed: the change the owner made (quantity − seen) is applied to the stock
   * as it is when saved, so a sale made meanwhile is not undone.
   */
  seen: quantityInput.optional(),
  image: z.preprocess((value) => (value === '' ? null : value), productImagePath.nullable()),
  /** Its own sale (issue 42); left out: unchanged (a new variant: none). */
  sale: saleField,
});
export type VariantInput = z.infer<typeof variantInput>;

const imagesInput = z.array(productImagePath).min(1, PRODUCT_MESSAGES.images).max(8, {
  error: PRODUCT_MESSAGES.images,
});

const alttextInput = z.string().trim().min(5, PRODUCT_MESSAGES.alttext).max(200, {
  error: PRODUCT_MESSAGES.alttext,
});

const detailsInput = z
  .array(z.string().trim().max(200, PRODUCT_MESSAGES.details))
  .max(12, PRODUCT_MESSAGES.details)
  .transform((lines) => lines.filter((line) => line.length > 0));

const variantsInput = z.array(variantInput).max(30, PRODUCT_MESSAGES.variants);

/** The fields any product form sends (issue 14). */
const baseFields = {
  title: z.string().trim().min(2, PRODUCT_MESSAGES.title).max(120, PRODUCT_MESSAGES.title),
  description: z.string().trim().max(5000, PRODUCT_MESSAGES.description),
  price: editedPriceInput,
  isFeatured: z.boolean(),
  priority: priorityInput,
  categories: z
    .array(categorizationInput)
    .min(1, PRODUCT_MESSAGES.categories)
    .max(10, PRODUCT_MESSAGES.categories),
};

/** Each SKU of the form once (the product's and its variants'), the second one named. */
function skusOnce(
  body: { sku?: string | undefined; variants?: { sku: string }[] | undefined },
  context: z.RefinementCtx,
) {
  const seen = new Set<string>(body.sku ? [body.sku] : []);
  (body.variants ?? []).forEach((variant, index) => {
    if (seen.has(variant.sku))
      context.addIssue({
        code: 'custom',
        path: ['variants', index, 'sku'],
        message: PRODUCT_MESSAGES.skuTwice,
      });
    seen.add(variant.sku);
  });
}

/**
 * An edited product. The issue 25 fields are optional: a form that leaves one out keeps what the
 * product has (the SKU, images and alt text, details, variants, status).
 */
export const productEditBody = z
  .object({
    ...baseFields,
    sku: skuInput.optional(),
    images: imagesInput.optional(),
    alttext: alttextInput.optional(),
    details: detailsInput.optional(),
    variants: variantsInput.optional(),
    /** Its personalization settings (issue 40); null: not personalizable; absent: unchanged. */
    personalization: personalizationSettingsSchema.nullable().optional(),
    status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status }).optional(),
    /** Its sale (issue 42); null: none; absent: unchanged. */
    sale: saleField,
  })
  .superRefine(skusOnce)
  .superRefine(salesBelowRegular);
export type ProductEditBody = z.infer<typeof productEditBody>;

/** A new product, its images uploaded first (POST /admin/uploads). Without a SKU, one is made. */
export const productCreateBody = z
  .object({
    ...baseFields,
    price: priceInput,
    quantity: quantityInput,
    images: imagesInput,
    alttext: alttextInput,
    sku: z.preprocess((value) => (value === '' ? undefined : value), skuInput.optional()),
    details: detailsInput.default([]),
    variants: variantsInput.default([]),
    personalization: personalizationSettingsSchema.nullable().default(null),
    status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status }).default('active'),
    sale: saleField,
  })
  .superRefine(skusOnce)
  .superRefine(salesBelowRegular);
export type ProductCreateBody = z.infer<typeof productCreateBody>;
