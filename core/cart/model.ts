import type { CartArrival } from '../arrival';
import type { GiftCardDetails } from '../gift-cards/model';
import { z } from 'zod';
import { ALLOWED_STATES } from '../address/model';
import type { ResolvedLine } from './lines';
import { personalizationInputSchema } from '../product/personalization';

/** Sentences the cart check answers with; the cart page shows them to the shopper as they are. */
export const CART_MESSAGES = {
  invalidLine: 'A line of the cart is not valid.',
  tooManyLines: 'A cart can hold at most 100 lines.',
  personalization: (title: string, message: string) =>
    `${title}: ${message}. Please add it again from its page.`,
  removed: (title: string) => `${title} is no longer available, so we removed it from your cart.`,
  soldOut: (title: string) => `${title} is sold out, so we removed it from your cart.`,
  price: (title: string, before: string, now: string) =>
    `The price of ${title} changed from ${before} to ${now}.`,
  stock: (title: string, left: number) =>
    `Only ${left} of ${title} ${left === 1 ? 'is' : 'are'} left, so your cart now has ${left}.`,
  cap: (title: string, most: number) =>
    `${title} is limited to ${most} per order, so your cart now has ${most}.`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cart line as the browser keeps it: which product and sku, how many, at what price. */
export const cartLineInput = z.object({
  _id: z.string({ error: CART_MESSAGES.invalidLine }).regex(UUID, CART_MESSAGES.invalidLine),
  sku: z.string({ error: CART_MESSAGES.invalidLine }).min(1).max(500),
  quantity: z.int({ error: CART_MESSAGES.invalidLine }).min(1).max(1000),
  /** The unit price the shopper saw, in dollars. */
  price: z.number({ error: CART_MESSAGES.invalidLine }).min(0).max(1_000_000),
  title: z.string({ error: CART_MESSAGES.invalidLine }).max(300).optional(),
  variantTitle: z.string({ error: CART_MESSAGES.invalidLine }).max(500).optional(),
  /**
   * A gift card line's details (issue 26), checked by the server with the product form's schema:
   * valid ones (the custom amount sets the price) stay on the line, others are dropped.
   */
  giftCard: z.record(z.string(), z.unknown()).optional(),
  /** A personalized line's texts (issue 40): checked against the product's fields by the server. */
  personalization: personalizationInputSchema.optional(),
});
export type CartLineInput = z.infer<typeof cartLineInput>;

export const validateCartBody = z.object({
  items: z
    .array(cartLineInput, { error: CART_MESSAGES.invalidLine })
    .max(100, CART_MESSAGES.tooManyLines),
  /** The shipping state the browser last knew (issue 41); any other value: not known. */
  state: z.enum(ALLOWED_STATES).optional().catch(undefined),
});
export type ValidateCartBody = z.infer<typeof validateCartBody>;

/**
 * A line after the check: today's price, stock and a quantity the rules allow. `sentSkus`: the
 * skus of the sent lines it stands for (a bundle's options sent in another order are one line).
 */
export type CheckedLine = ResolvedLine & {
  quantity: number;
  sentSkus: string[];
  giftCard?: GiftCardDetails | undefined;
};

export interface CartChange {
  _id: string;
  sku: string;
  kind: 'removed' | 'price' | 'quantity';
  message: string;
}

/** POST /cart/validate: the lines still for sale, corrected, and each change in a sentence. */
export interface CartValidation {
  items: CheckedLine[];
  changes: CartChange[];
  /** When the checked cart arrives: to the state sent, else over every state (issue 41). */
  arrival?: CartArrival | null;
}
