import { centsToDollars } from '../../../core/money';
import { listingRow, type ListingRow } from './product-form';

/** The product form's values, as its fields hold them. */
export interface Fields {
  title: string;
  description: string;
  price: string;
  isFeatured: boolean;
  priority: string;
  categories: ListingRow[];
  quantity: string;
}

/** A product as GET /admin/products/:id gives it for editing. */
export interface Editable {
  id: string;
  title: string;
  description: string;
  priceCents: number | null;
  isFeatured: boolean;
  priority: number | null;
  categories: { category: string; subcategory: string | null }[];
}

export const emptyFields = (): Fields => ({
  title: '',
  description: '',
  price: '',
  isFeatured: false,
  priority: '',
  categories: [listingRow()],
  quantity: '0',
});

export const toFields = (product: Editable): Fields => ({
  title: product.title,
  description: product.description,
  price: product.priceCents === null ? '' : centsToDollars(product.priceCents).toFixed(2),
  isFeatured: product.isFeatured,
  priority: product.priority === null ? '' : String(product.priority),
  categories: product.categories.map((entry) => listingRow(entry.category, entry.subcategory)),
  quantity: '0',
});

/** The fields the form shows a message under; any other message is shown for the whole form. */
const FIELD_KEYS =
  /^(title|description|price|priority|quantity|images|categories(\.\d+\.(category|subcategory))?)$/;

/** A refusal's messages split into those under a field and the sentence for the whole form. */
export function splitMessages(messages: Record<string, string>): {
  fields: Record<string, string>;
  form: string | null;
} {
  const entries = Object.entries(messages);
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
