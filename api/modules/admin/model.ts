import { z } from 'zod';

/** The carriers the back office ships with, and each one's public tracking page. */
export const CARRIERS = {
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  DHL: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
} as const;
export type Carrier = keyof typeof CARRIERS;

export const isCarrier = (value: string): value is Carrier => Object.hasOwn(CARRIERS, value);

export const trackingUrl = (carrier: Carrier, trackingNumber: string) =>
  `${CARRIERS[carrier]}${encodeURIComponent(trackingNumber)}`;

export const ADMIN_MESSAGES = {
  carrier: 'Choose the carrier.',
  tracking: 'Enter the tracking number: 6 to 40 letters, digits, spaces or dashes.',
  notUnfulfilled: 'This order is no longer waiting to ship (it was shipped or canceled meanwhile).',
  notShipped: 'Only a shipped order can be marked delivered.',
  orderNotFound: 'There is no such order.',
  skuNotFound: 'There is no product or variant with this SKU.',
  notRefundFailed: 'Only an order whose refund failed can be retried.',
} as const;

export const ORDER_FILTERS = [
  'open',
  'unfulfilled',
  'shipped',
  'delivered',
  'refund_failed',
  'canceling',
  'canceled',
  'all',
] as const;

export const orderListQuery = z.object({
  status: z.enum(ORDER_FILTERS).default('open'),
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const shipBody = z.object({
  carrier: z.enum(Object.keys(CARRIERS) as [Carrier, ...Carrier[]], {
    error: ADMIN_MESSAGES.carrier,
  }),
  trackingNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{4,38}[A-Za-z0-9]$/, { error: ADMIN_MESSAGES.tracking }),
});
export type ShipBody = z.infer<typeof shipBody>;

export const idParams = z.object({ id: z.uuid() });

export const inboxReadParams = z.object({
  kind: z.enum(['contact', 'issue', 'return']),
  id: z.string().min(1).max(64),
});

export const setStockBody = z.object({
  sku: z.string().trim().min(1).max(100),
  quantity: z.coerce
    .number({ error: 'Enter the number in stock: a whole number from 0 to 100000.' })
    .int('Enter the number in stock: a whole number from 0 to 100000.')
    .min(0, 'Enter the number in stock: a whole number from 0 to 100000.')
    .max(100_000, 'Enter the number in stock: a whole number from 0 to 100000.'),
});
export type SetStockBody = z.infer<typeof setStockBody>;
