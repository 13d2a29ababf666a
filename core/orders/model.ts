import type { CartArrival, PromisedWindow } from '../arrival';
import { z } from 'zod';
import type { DownloadLink } from '../downloads/model';
import type { PaymentStatus, ShippingStatus } from './statuses';
import {
  addressSchema,
  personDetailsSchema,
  shippingAddressMaybeNamedSchema,
  type Address,
  type PersonDetails,
  type RecipientName,
} from '../address/model';
import { GIFT_MESSAGES, giftSchema, type GiftDto } from './gift';
import { giftCardCodeSchema, giftCardDetails, type GiftCardQuote } from '../gift-cards/model';
import { discountCodeSchema, type DiscountDto } from '../discounts/model';
import type { PaymentView } from './payments';
import { personalizationInputSchema, type PersonalizedText } from '../product/personalization';

/** Every sentence the order calls answer with. The first two are the spec's (§5, §8). */
export const ORDER_MESSAGES = {
  confirmed: 'Order confirmed',
  returnPolicy: 'You must agree to the Return Policy to confirm your order.',
  outOfStock: 'Quantity of product is out',
  unavailable: 'An item in your cart is no longer available. Please review your cart.',
  priceChanged: (title: string, price: string) =>
    `The price of ${title} is now ${price}. Please review your order and confirm again.`,
  subtotalDiffers:
    'The subtotal does not match the items in your order. Please review your order and confirm again.',
  taxDiffers:
    'The sales tax for your shipping address has changed. Please review your order and confirm again.',
  totalDiffers: 'The total does not match your order. Please review your order and confirm again.',
  digitalOnce: 'A digital item can be bought once per order.',
  cardRequired: 'Please enter your card.',
  shippingRequired: 'Please enter a shipping address: some items in your order are shipped.',
  lineTwice: 'Each item may appear only once in an order.',
  quantity: 'Choose a quantity from 1 to 6.',
  noItems: 'Your cart is empty.',
  tooManyLines: 'An order can hold at most 50 lines. Please remove some from your cart.',
  guestContact: 'Please enter your name and email.',
  signInRequired: 'Please sign in to check out with your account, or check out as a guest.',
  keyRequired:
    'Send an Idempotency-Key header with each order confirmation, the same one for its retries.',
  keyFormat: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
  keyReused:
    'This confirmation was already used for a different order. Please reload the page and try again.',
  stillConfirming:
    'Your order is still being confirmed. Please wait a moment and check your email before trying again.',
  earlierChargeGivenBack:
    'This order could not be placed in time and its payment was given back. Please enter your card again.',
} as const;

/** spec §9: at most 6 units a line. */
export const MAX_LINE_QUANTITY = 6;
export const MAX_ORDER_LINES = 50;

const money = z.number({ error: 'Enter an amount in dollars.' }).min(0).max(1_000_000);

/**
 * A cart line as the browser sends it (spec §7). `sku` is the variant's sku, the product's own sku,
 * or for a bundle the chosen option skus joined with '+', one per option list.
 */
export const orderLineSchema = z.object({
  _id: z.uuid({ error: ORDER_MESSAGES.unavailable }),
  title: z.string().max(500).optional(),
  variantTitle: z.string().max(500).nullish(),
  sku: z.string().trim().min(1, ORDER_MESSAGES.unavailable).max(500),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(1, ORDER_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, ORDER_MESSAGES.quantity),
  price: money,
  supplier: z.string().max(200).optional(),
  /** A gift card line's recipient, message, delivery date (and custom amount): issue 26. */
  giftCard: giftCardDetails.optional(),
  /** A personalized line's texts (issue 40): checked, and its add-on priced, by the server. */
  personalization: personalizationInputSchema.optional(),
});
export type OrderLineInput = z.output<typeof orderLineSchema>;

const lines = z
  .array(orderLineSchema, { error: ORDER_MESSAGES.noItems })
  .min(1, ORDER_MESSAGES.noItems)
  .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines);

/** What the card step leaves in the checkout state (spec §3 billingInfo). */
export const billingInfoSchema = z.object({
  /** Empty only with a gift card code: its balance may pay all (checked below and at the charge). */
  paymentMethodId: z.string().trim().max(2000),
  last4Number: z.string().max(4).optional(),
  expirationMonth: z.union([z.string(), z.number()]).optional(),
  expirationYear: z.union([z.string(), z.number()]).optional(),
  brand: z.string().max(40).optional(),
  /** true: `paymentMethodId` is the `_id` of one of the signed-in shopper's stored cards. */
  stored: z.boolean().optional(),
  /** The shopper ticked "Save this card": a signed-in shopper's new card is stored once paid. */
  saveCard: z.boolean().optional(),
});

/**
 * A shipping address, or none for an order of digital items only (DECISIONS "Digital-only
 * orders"): absent and null both read as none; the pricing refuses none when a line is shipped.
 */
const optionalShippingAddress = shippingAddressMaybeNamedSchema
  .nullish()
  .transform((address) => address ?? null);

/** POST /orders/orderconfirmation (spec §7). */
export const orderConfirmationSchema = z
  .object({
    shippingAddress: optionalShippingAddress,
    billingAddress: addressSchema,
    billingInfo: billingInfoSchema,
    items: lines,
    subtotal: money,
    /** The sales-tax rate, a fraction (DECISIONS). */
    salesTax: z.number().min(0).max(1),
    total: money,
    acceptedReturnPolicy: z.boolean().optional().default(false),
    isGuest: z.boolean().optional().default(false),
    guestContact: personDetailsSchema.optional(),
    /** A gift (issue 26): absent or null, not a gift. */
    gift: giftSchema.nullish().transform((gift) => gift ?? null),
    /** A gift card's code: its balance pays first, the card the rest (issue 26). */
    giftCardCode: giftCardCodeSchema.optional(),
    /** A discount code (issue 42): one per order, checked by the server when the order is placed. */
    discountCode: discountCodeSchema.optional(),
  })
  .superRefine((order, context) => {
    if (order.gift && !order.shippingAddress) {
      context.addIssue({ code: 'custom', path: ['gift'], message: GIFT_MESSAGES.needsShipping });
    }
    if (order.billingInfo.paymentMethodId === '' && !order.giftCardCode) {
      context.addIssue({
        code: 'custom',
        path: ['billingInfo', 'paymentMethodId'],
        message: ORDER_MESSAGES.cardRequired,
      });
    }
    if (!order.isGuest) return;
    if (!order.guestContact) {
      context.addIssue({
        code: 'custom',
        path: ['guestContact'],
        message: ORDER_MESSAGES.guestContact,
      });
    }
    if (!order.acceptedReturnPolicy) {
      context.addIssue({
        code: 'custom',
        path: ['acceptedReturnPolicy'],
        message: ORDER_MESSAGES.returnPolicy,
      });
    }
  });
export type OrderConfirmation = z.output<typeof orderConfirmationSchema>;

/** POST /orders/quote: the figures the review page shows, computed on the server. */
export const quoteRequestSchema = z.object({
  shippingAddress: optionalShippingAddress,
  /** Where the tax comes from when there is no shipping address (digital items only). */
  billingAddress: addressSchema.optional(),
  /** A gift card's code: the quote says what it pays (throttled like the order). */
  giftCardCode: giftCardCodeSchema.optional(),
  /** A discount code (issue 42): the quote takes it off, or refuses it with the reason. */
  discountCode: discountCodeSchema.optional(),
  /** Who is buying, for a once-per-customer code (a signed-in shopper's account counts anyway). */
  email: z.string().trim().max(254).optional(),
  items: z
    .array(orderLineSchema.extend({ price: money.optional() }), { error: ORDER_MESSAGES.noItems })
    .min(1, ORDER_MESSAGES.noItems)
    .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** An order line as the API shows it (spec §3 Order items); price in dollars. */
export interface OrderItemDto {
  _id: string | null;
  title: string;
  variantTitle: string | null;
  sku: string;
  image: string | null;
  alttext: string;
  quantity: number;
  price: number;
  /** A gift card line: whom it is emailed to, and on which day (issue 39 point 2). */
  giftCard?: { recipientName: string; deliverOn: string } | undefined;
  /** A personalized line's texts with their labels (issue 40). */
  personalization?: PersonalizedText[] | undefined;
  /** This line's share of the order's discount code, dollars (issue 42); absent or 0: none. */
  discount?: number | undefined;
}

/** An order as the API shows it (spec §3 Order, plus what the confirmation page shows). */
export interface OrderDto {
  _id: string;
  orderNumber: number;
  shippingStatus: ShippingStatus;
  paymentStatus: PaymentStatus;
  /** null: digital items only, nothing is shipped. Carries the recipient's name (issue 26). */
  shippingAddress: (Address & Partial<RecipientName>) | null;
  billingAddress: Address;
  /** A gift's message and choices (issue 26); null when the order is not a gift. */
  gift?: GiftDto | null;
  items: OrderItemDto[];
  subtotal: number;
  /** The discount code applied and what it took off the subtotal (issue 42); null: none. */
  discount?: DiscountDto | null;
  /** The rate applied, a fraction. */
  salesTax: number;
  tax: number;
  total: number;
  isGuest: boolean;
  guestContact: PersonDetails;
  /** The card charge's card; null when no card paid (a gift card paid it all). */
  payment: { brand: string | null; last4: string | null } | null;
  /** Every instrument that paid, the gift card's first, with what each paid and gave back. */
  payments: PaymentView[];
  /** What gift cards paid of the total (dollars); the payment card paid the rest. */
  giftCardPaid?: number;
  createdAt: string;
  /** Only in the answer that placed it: the codes of cards bought for the buyer themself. */
  giftCardCodes?: { last4: string; code: string; amount: number }[];
  /** Only in the answer that placed it: its digital lines' download links (api/modules/orders/downloads). */
  downloads?: DownloadLink[];
  /** Only in the answer that placed it: the signed "View your order" link (orders/guest-link.ts). */
  statusUrl?: string;
  /** The arrival window promised at checkout and its ship-by day (issue 41); null: nothing ships. */
  promised?: PromisedWindow;
}

export interface OrderConfirmed {
  message: typeof ORDER_MESSAGES.confirmed;
  orderId: string;
  order: OrderDto;
}

export interface QuoteLineDto extends OrderItemDto {
  /** Units the shop can sell of this line now; null when unlimited (unknown stock, digital). */
  available: number | null;
}

export interface QuoteDto {
  items: QuoteLineDto[];
  subtotal: number;
  /** The discount code applied and what it takes off (issue 42); total = subtotal − discount + tax. */
  discount?: DiscountDto | null;
  salesTax: number;
  tax: number;
  total: number;
  taxLabel: string;
  /** The gift card asked for: what it pays; the payment card pays `total - giftCard.applied`. */
  giftCard?: GiftCardQuote;
  /** When the cart arrives at the shipping address's state (issue 41); null for an empty cart. */
  arrival?: CartArrival | null;
}
