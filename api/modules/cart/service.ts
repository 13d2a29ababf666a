import {
  GIFT_CARD_CUSTOM_SKU,
  giftCardDetails,
  type GiftCardDetails,
} from '../../../core/gift-cards/model';
import { hasStockLimit, isGiftCardKind } from '../../../core/product/kind';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { products } from '../../db/schema';
import { dollarsToCents, formatDollars } from '../../../core/money';
import { productColumns, toProductDtos } from '../catalogue';
import { orderArrival } from '../shipping-calendar';
import {
  isRefusal,
  personalize,
  resolveSku,
  type PersonalizationRefusal,
  type ResolvedLine,
} from '../../../core/cart/lines';
import {
  CART_MESSAGES,
  type CartChange,
  type CartLineInput,
  type CartValidation,
} from '../../../core/cart/model';
import { allowedQuantity, lineCap, MAX_PER_LINE, sameLine } from '../../../core/cart/rules';

/**
 * Today's product data for each (product, sku) pair, or undefined where the product or the sku no
 * longer exists; a personalized line with its texts checked and its add-on priced from the product
 * (issue 40), or the refusal naming the field. Checkout prices its order lines with this too.
 */
export async function resolveLines(
  db: Db,
  lines: Pick<CartLineInput, '_id' | 'sku' | 'personalization'>[],
): Promise<(ResolvedLine | PersonalizationRefusal | undefined)[]> {
  const ids = [...new Set(lines.map((line) => line._id))];
  if (ids.length === 0) return [];
  const rows = await cartProductsQuery(db).execute({ ids });
  const byId = new Map((await toProductDtos(db, rows)).map((product) => [product._id, product]));
  return lines.map((line) => {
    const product = byId.get(line._id);
    // A draft is not for sale (issue 25): its lines read as a removed product's.
    const resolved = product && !product.draft ? resolveSku(product, line.sku) : undefined;
    return resolved && personalize(product!, resolved, line.personalization);
  });
}

/** Every cart check and checkout reads its products: prepared once per database. */
const cartProductsQuery = preparedQuery((db) =>
  db
    .select(productColumns)
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('cart_products'),
);

/** A gift card line keeps its details; the custom amount's price is the amount chosen (issue 26). */
function giftCardPriced(
  line: ResolvedLine | undefined,
  item: CartLineInput,
): (ResolvedLine & { giftCard?: GiftCardDetails }) | undefined {
  if (!line || !isGiftCardKind(line) || !item.giftCard) return line;
  const details = giftCardDetails.safeParse(item.giftCard);
  if (!details.success) return line;
  const custom = line.sku === GIFT_CARD_CUSTOM_SKU ? details.data.amount : undefined;
  return {
    ...line,
    giftCard: details.data,
    ...(custom === undefined ? {} : { price: custom, priceCents: dollarsToCents(custom) }),
  };
}

const named = (line: { title: string; variantTitle?: string | undefined }) =>
  line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title;

/**
 * Checks a cart against the catalogue: removed products and skus, sold-out lines, changed prices
 * and quantities beyond stock or the per-line limit are corrected and each is said in a sentence.
 * Lines that name the same item (a bundle's options in another order) become one line, whose
 * quantity is capped like any other; `sentSkus` says which skus it replaces.
 */
export async function validateCart(
  db: Db,
  items: CartLineInput[],
  state?: string,
): Promise<CartValidation> {
  const resolved = await resolveLines(db, items);
  const checked: CartValidation['items'] = [];
  const changes: CartChange[] = [];
  items.forEach((item, index) => {
    const found = resolved[index];
    const key = { _id: item._id, sku: item.sku };
    if (isRefusal(found)) {
      // The product's fields changed since the text was typed: the shopper types it again.
      const title = named({ title: item.title ?? 'An item', variantTitle: item.variantTitle });
      const message = CART_MESSAGES.personalization(title, found.message);
      changes.push({ ...key, kind: 'removed', message });
      return;
    }
    const line = giftCardPriced(found, item);
    if (!line) {
      const title = item.title
        ? named({ title: item.title, variantTitle: item.variantTitle })
        : 'An item';
      changes.push({ ...key, kind: 'removed', message: CART_MESSAGES.removed(title) });
      return;
    }
    const title = named(line);
    if (lineCap(line) === 0) {
      changes.push({ ...key, kind: 'removed', message: CART_MESSAGES.soldOut(title) });
      return;
    }
    if (line.priceCents !== dollarsToCents(item.price)) {
      const message = CART_MESSAGES.price(
        title,
        formatDollars(item.price),
        formatDollars(line.price),
      );
      changes.push({ ...key, kind: 'price', message });
    }
    const same = checked.find((entry) => sameLine(entry, line));
    const requested = item.quantity + (same?.quantity ?? 0);
    const quantity = allowedQuantity(line, requested);
    if (quantity < requested) {
      const byStock = hasStockLimit(line) && line.stock !== null && line.stock < MAX_PER_LINE;
      const message = byStock
        ? CART_MESSAGES.stock(title, quantity)
        : CART_MESSAGES.cap(title, quantity);
      changes.push({ ...key, kind: 'quantity', message });
    }
    if (same) {
      same.quantity = quantity;
      same.sentSkus = [...new Set([...same.sentSkus, item.sku])];
    } else {
      checked.push({ ...line, quantity, sentSkus: [item.sku] });
    }
  });
  // When it arrives: to the state the browser last knew, else the continental range (issue 41).
  const arrival = await orderArrival(
    db,
    checked.map((line) => ({ productId: line._id, ...line })),
    state ?? null,
  );
  return { items: checked, changes, ...(arrival ? { arrival } : {}) };
}
