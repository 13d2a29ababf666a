import type { AdminCategory } from '../../../core/admin/model';
import type { PersonalizationSettings } from '../../../core/product/personalization';
import type { VARIANT_TYPES } from '../../../core/admin/product-body';
import { centsToDecimal } from '../../../core/money';
import type { ProductStatus } from '../../../core/product/model';
import { productCreateBody, productEditBody } from '../../../core/admin/model';
import {
  categorizationOf,
  fieldErrors,
  listingRow,
  unchosenCategories,
  type ListingRow,
} from './product-form';

export type VariantType = (typeof VARIANT_TYPES)[number];

/** A sale as the form's fields hold it (issue 42): an empty price is no sale. */
export interface SaleRow {
  price: string;
  startsOn: string;
  endsOn: string;
}

/** A sale as GET /admin/products/:id gives it, on the product and each variant. */
interface StoredSale {
  salePriceCents: number | null;
  saleStartsOn: string | null;
  saleEndsOn: string | null;
}

export const saleRowOf = (stored: StoredSale): SaleRow => ({
  price: stored.salePriceCents === null ? '' : centsToDecimal(stored.salePriceCents),
  startsOn: stored.saleStartsOn ?? '',
  endsOn: stored.saleEndsOn ?? '',
});

const noSale = (): SaleRow => ({ price: '', startsOn: '', endsOn: '' });

/** The payload's `sale`: null without a price, the sale otherwise (empty days: open). */
export const saleBodyOf = (row: SaleRow) =>
  row.price.trim() === ''
    ? null
    : { price: row.price, startsOn: row.startsOn || null, endsOn: row.endsOn || null };

/** One variant as its row of the form holds it. */
export interface VariantRow {
  /** A stable React key. */
  key: number;
  /** The variant being edited; none for a new one. */
  id?: string;
  type: VariantType;
  title: string;
  sku: string;
  price: string;
  quantity: string;
  /** The stock the form loaded (an existing variant): the save applies the owner's change to it. */
  seen?: number;
  /** One of the product's images, '' for none. */
  image: string;
  sale: SaleRow;
}

/** The product form's values, as its fields hold them. */
export interface Fields {
  title: string;
  description: string;
  price: string;
  isFeatured: boolean;
  priority: string;
  categories: ListingRow[];
  quantity: string;
  sku: string;
  status: ProductStatus;
  alttext: string;
  /** One detail a line (the product page's bullet list). */
  details: string;
  images: string[];
  variants: VariantRow[];
  /** Its personalization settings (issue 40); null: not personalizable. */
  personalization: PersonalizationSettings | null;
  /** A bundle's options are not edited here. */
  isBundle: boolean;
  sale: SaleRow;
}

/** A product as GET /admin/products/:id gives it for editing. */
export interface Editable extends StoredSale {
  id: string;
  title: string;
  description: string;
  priceCents: number | null;
  isFeatured: boolean;
  priority: number | null;
  categories: { category: string; subcategory: string | null }[];
  sku: string;
  quantity: number | null;
  status: ProductStatus;
  alttext: string;
  details: string[];
  images: string[];
  isBundle: boolean;
  personalization: PersonalizationSettings | null;
  variants: ({
    id: string;
    type: string;
    title: string;
    sku: string;
    priceCents: number;
    quantity: number;
    images: string[];
  } & StoredSale)[];
}

let nextKey = 0;
const variantType = (type: string): VariantType =>
  type === 'size' || type === 'color' ? type : 'option';

/** A new, empty variant row (a size by default: the most common kind). */
export const variantRow = (type: VariantType = 'size'): VariantRow => ({
  key: nextKey++,
  type,
  title: '',
  sku: '',
  price: '',
  quantity: '0',
  image: '',
  sale: noSale(),
});

export const emptyFields = (): Fields => ({
  title: '',
  description: '',
  price: '',
  isFeatured: false,
  priority: '',
  categories: [listingRow()],
  quantity: '0',
  sku: '',
  // A new product starts as a draft: the owner publishes it when it is ready.
  status: 'draft',
  alttext: '',
  details: '',
  images: [],
  variants: [],
  personalization: null,
  isBundle: false,
  sale: noSale(),
});

export const toFields = (product: Editable): Fields => ({
  title: product.title,
  description: product.description,
  price: product.priceCents === null ? '' : centsToDecimal(product.priceCents),
  isFeatured: product.isFeatured,
  priority: product.priority === null ? '' : String(product.priority),
  categories: product.categories.map((entry) => listingRow(entry.category, entry.subcategory)),
  quantity: String(product.quantity ?? 0),
  sku: product.sku,
  status: product.status,
  alttext: product.alttext,
  details: product.details.join('\n'),
  images: product.images,
  variants: product.variants.map((variant) => ({
    key: nextKey++,
    id: variant.id,
    type: variantType(variant.type),
    title: variant.title,
    sku: variant.sku,
    price: centsToDecimal(variant.priceCents),
    quantity: String(variant.quantity),
    seen: variant.quantity,
    image: variant.images[0] ?? '',
    sale: saleRowOf(variant),
  })),
  personalization: product.personalization,
  isBundle: product.isBundle,
  sale: saleRowOf(product),
});

/**
 * What the form sends: a new product with its stock, an edited one without (the stock page sets
 * it); a bundle's options are left as they are.
 */
export function bodyOf(fields: Fields, categories: AdminCategory[], isNew: boolean) {
  return {
    title: fields.title,
    description: fields.description,
    price: fields.price,
    isFeatured: fields.isFeatured,
    priority: fields.priority,
    categories: fields.categories.map((row) => categorizationOf(row, categories)),
    sku: fields.sku,
    status: fields.status,
    alttext: fields.alttext,
    details: fields.details.split('\n'),
    images: fields.images,
    personalization: fields.personalization,
    sale: saleBodyOf(fields.sale),
    ...(fields.isBundle
      ? {}
      : {
          variants: fields.variants.map(({ key: _key, sale, ...variant }) => ({
            ...variant,
            sale: saleBodyOf(sale),
          })),
        }),
    ...(isNew ? { quantity: fields.quantity } : {}),
  };
}

/** The body to send and, checked with the API's own schema, the messages that stop it. */
export function checkedBody(fields: Fields, categories: AdminCategory[], isNew: boolean) {
  const body = bodyOf(fields, categories, isNew);
  const parsed = (isNew ? productCreateBody : productEditBody).safeParse(body);
  const messages = {
    ...(parsed.success ? {} : fieldErrors(parsed.error.issues)),
    ...unchosenCategories(fields.categories),
  };
  return { body, messages };
}

/** The fields the form shows a message under; any other message is shown for the whole form. */
const FIELD_KEYS =
  /^(title|description|price|priority|quantity|images|sku|status|alttext|details|variants(\.\d+\.(title|sku|price|quantity|image|type|sale\.(price|startsOn|endsOn)))?|sale\.(price|startsOn|endsOn)|categories(\.\d+\.(category|subcategory))?|personalization(\.[\w.]+)?)$/;

/** A refusal's messages split into those under a field and the sentence for the whole form. */
export function splitMessages(messages: Record<string, string>): {
  fields: Record<string, string>;
  form: string | null;
} {
  // A line's or an image's message shows under its list (`details.3` under Details).
  const entries = Object.entries(messages).map(
    ([key, message]) => [key.replace(/^(details|images)\.\d+$/, '$1'), message] as const,
  );
  const other = entries.filter(([key]) => !FIELD_KEYS.test(key));
  return {
    fields: Object.fromEntries(entries.filter(([key]) => FIELD_KEYS.test(key))),
    form: other.length > 0 ? other.map(([, message]) => message).join(' ') : null,
  };
}

/** `errors` without the messages of `key` and of its rows (`key.0.category`). */
export function withoutMessagesOf(errors: Record<string, string>, key: string) {
  return Object.fromEntries(
    Object.entries(errors).filter(([name]) => name !== key && !name.startsWith(`${key}.`)),
  );
}
