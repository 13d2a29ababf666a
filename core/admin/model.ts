import { z } from 'zod';
import { shopDay } from './exports';
import { searchText, skuText } from '../plain-text';
import { ORDER_STATE } from '../orders/lifecycle';

/** The carriers the back office ships with, and each one's public tracking page. */
export const CARRIERS = {
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  DHL: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
} as const;
export type Carrier = keyof typeof CARRIERS;

export const isCarrier = (value: string): value is Carrier => Object.hasOwn(CARRIERS, value);

/** Untracked letter mail (issue 39 item 12): no carrier's tracking page, no tracking number. */
export const NO_CARRIER = 'none';
/** What the owner ships with: a tracked carrier, or "none". */
export const SHIP_CARRIERS = [...(Object.keys(CARRIERS) as Carrier[]), NO_CARRIER] as const;
export type ShipCarrier = Carrier | typeof NO_CARRIER;

/** What the shipped email and the order pages say of a parcel sent without tracking. */
export const UNTRACKED_TEXT = 'Sent by untracked letter mail: it has no tracking number.';

/** A carrier's tracking page: the number without its spaces (carriers print them in groups). */
export const trackingUrl = (carrier: Carrier, trackingNumber: string) =>
  `${CARRIERS[carrier]}${encodeURIComponent(trackingNumber.replace(/\s+/g, ''))}`;

export const ADMIN_MESSAGES = {
  carrier: 'Choose the carrier.',
  tracking: 'Enter the tracking number: 6 to 40 letters, digits, spaces or dashes.',
  notUnfulfilled: 'This order is no longer waiting to ship (it was shipped or canceled meanwhile).',
  notShipped: 'Only a shipped order can be marked delivered.',
  orderNotFound: 'There is no such order.',
  skuNotFound: 'There is no product or variant with this SKU.',
  notRefundFailed: 'Only an order whose refund failed can be retried.',
  imageTooLarge: 'The image is larger than 10 MB. Choose a smaller one.',
  notAnImage: 'This file is not an image we can read. Upload a JPEG, PNG, WebP, GIF or AVIF image.',
} as const;

export const ORDER_FILTERS = [
  'open',
  ORDER_STATE.unfulfilled,
  ORDER_STATE.shipped,
  ORDER_STATE.delivered,
  ORDER_STATE.refundFailed,
  ORDER_STATE.canceling,
  ORDER_STATE.canceled,
  /** Unpaid orders the recovery job is still settling (issue 35): left out of every other filter. */
  ORDER_STATE.pendingPayment,
  'all',
] as const;

export const orderListQuery = z.object({
  status: z.enum(ORDER_FILTERS).default('open'),
  /** An order number, part of an email, a SKU or part of a product's title (issue 28). */
  q: searchText(254).optional(),
  /** Placed on or after / on or before these days, in the shop's time zone (issue 28). */
  from: z.union([shopDay, z.literal('')]).optional(),
  to: z.union([shopDay, z.literal('')]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{4,38}[A-Za-z0-9]$/;

/**
 * A shipment: the carrier and its tracking number; with carrier "none" (untracked letter mail)
 * the tracking number may be left empty (issue 39 item 12).
 */
export const shipBody = z
  .object({
    carrier: z.enum(SHIP_CARRIERS, { error: ADMIN_MESSAGES.carrier }),
    trackingNumber: z.string({ error: ADMIN_MESSAGES.tracking }).trim().default(''),
  })
  .refine(
    ({ carrier, trackingNumber }) =>
      trackingNumber === '' ? carrier === NO_CARRIER : TRACKING_NUMBER.test(trackingNumber),
    { error: ADMIN_MESSAGES.tracking, path: ['trackingNumber'] },
  );
export type ShipBody = z.infer<typeof shipBody>;

export const BULK_SHIP_TEXT = {
  none: 'Choose the orders to ship.',
  tooMany: 'Ship at most 100 orders at once.',
  twice: 'An order is listed twice.',
} as const;

/** POST /admin/orders/ship-many: several orders at once, each with its own carrier and tracking. */
export const bulkShipBody = z.object({
  shipments: z
    .array(z.intersection(z.object({ orderId: z.uuid() }), shipBody))
    .min(1, BULK_SHIP_TEXT.none)
    .max(100, BULK_SHIP_TEXT.tooMany)
    .refine(
      (shipments) => new Set(shipments.map((s) => s.orderId)).size === shipments.length,
      BULK_SHIP_TEXT.twice,
    ),
});
export type BulkShipBody = z.infer<typeof bulkShipBody>;

export const idParams = z.object({ id: z.uuid() });

export const inboxReadParams = z.object({
  kind: z.enum(['contact', 'issue', 'return']),
  id: z.string().min(1).max(64),
});

export const setStockBody = z.object({
  sku: skuText,
  quantity: z.coerce
    .number({ error: 'Enter the number in stock: a whole number from 0 to 100000.' })
    .int('Enter the number in stock: a whole number from 0 to 100000.')
    .min(0, 'Enter the number in stock: a whole number from 0 to 100000.')
    .max(100_000, 'Enter the number in stock: a whole number from 0 to 100000.'),
});
export type SetStockBody = z.infer<typeof setStockBody>;

/** The product editor's schemas (issues 14 and 25) live in ./product-body.ts. */
export {
  categorizationInput,
  PRODUCT_MESSAGES,
  productCreateBody,
  productEditBody,
  type ProductCreateBody,
  type ProductEditBody,
} from './product-body';

/** GET /admin/categories: every category the catalogue has, with its subcategories, by name. */
export interface AdminCategory {
  name: string;
  subcategories: string[];
}
export interface AdminCategoryList {
  categories: AdminCategory[];
}

/** An image as the browser read it: base64 in JSON, so the request stays same-site JSON. */
export const uploadBody = z.object({
  data: z.base64({ error: 'Choose an image file to upload.' }).max(15_000_000, {
    error: 'The image is larger than 10 MB. Choose a smaller one.',
  }),
});

export const RETURN_MESSAGES = {
  notFound: 'There is no such return request.',
  notRequested: 'This return request was already approved or declined.',
  notApproved: 'Only an approved return can be marked received.',
  notReceived: 'Only a received return can be refunded.',
  reason: 'Say why the return is declined, in 5 to 1000 characters.',
  lines: 'Choose at least one line and a quantity to refund.',
  lineNotInOrder: 'This line is not part of the order.',
  tooMuch: 'This refund is more than what was paid for these lines.',
  tooManyUnits: 'More units than were bought (and not yet refunded) on this line.',
  /** A bought gift card never comes back as a parcel: its refund must void it (the order page's refund of items does). */
  giftCardLine:
    "A gift card is not returned: refund it with the order page's Refund items, which disables the card.",
  refundFailed: 'The payment provider did not accept the refund. Nothing was refunded; try again.',
  noPayment: 'This order has no payment to refund.',
} as const;

export const declineBody = z.object({
  reason: z.string().trim().min(5, RETURN_MESSAGES.reason).max(1000, RETURN_MESSAGES.reason),
});

export const refundBody = z.object({
  /** Made by the browser once per refund form, so a retried click refunds once. */
  idempotencyKey: z.uuid(),
  lines: z
    .array(
      z.object({
        orderItemId: z.uuid(),
        quantity: z.coerce.number().int().min(1).max(1000),
      }),
    )
    .min(1, RETURN_MESSAGES.lines)
    .max(50, RETURN_MESSAGES.lines),
});
export type RefundBody = z.infer<typeof refundBody>;
