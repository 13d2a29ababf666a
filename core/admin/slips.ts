import { z } from 'zod';

/** Packing slips and the pick list (issue 28 point 1). */
export const SLIP_TEXT = {
  title: 'Packing slips',
  print: 'Print',
  pickList: 'Pick list',
  shipTo: 'Ship to',
  returnTo: 'Returns',
  giftMessage: 'Gift message',
  nothing: 'There is nothing to ship for these orders (digital items are delivered by download).',
  tooMany: 'Choose at most 200 orders.',
  printSelected: 'Print slips for the selected orders',
  printUnfulfilled: 'Print slips for all unfulfilled orders',
  printOne: 'Print packing slip',
  /** The discount line under the subtotal of a slip that shows prices (issue 42). */
  discount: (code: string) => `Discount (${code})`,
} as const;

export const SLIP_MAX_ORDERS = 200;

/**
 * GET /admin/slips: `ids` (comma-separated) or `unfulfilled=1` for every order waiting to ship.
 */
export const slipsQuery = z.object({
  // The server may hand the comma-separated list over already split.
  ids: z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
        .flatMap((part: unknown) => String(part).split(','))
        .filter(Boolean),
    z.array(z.uuid()).max(SLIP_MAX_ORDERS, SLIP_TEXT.tooMany),
  ),
  unfulfilled: z
    .enum(['1', 'true'])
    .optional()
    .transform((value) => value !== undefined),
});
export type SlipsQuery = z.infer<typeof slipsQuery>;

export interface SlipLine {
  sku: string;
  title: string;
  /** The variant's title (the option), or null. */
  option: string | null;
  /** A personalized line's texts as printed ("Name on the mug: Grandma Jo"); absent: none. */
  personalization?: string[];
  quantity: number;
  /** Absent on a gift slip that hides prices: the server never sends them. */
  unitPriceCents?: number;
}

export interface Slip {
  orderId: string;
  number: number;
  createdAt: string;
  shipTo: {
    name: string;
    line1: string;
    line2?: string | null;
    city: string;
    state: string;
    zipcode: string;
  };
  giftMessage: string | null;
  /** False on a gift whose buyer asked to hide prices. */
  showPrices: boolean;
  lines: SlipLine[];
  /** The lines' total, when prices show. */
  subtotalCents?: number;
  /**
   * The order's discount code and the slip's lines' shares of it (issue 42), when prices show and
   * the code took something off the parcel's lines; never on a gift slip that hides prices.
   */
  discount?: { code: string; amountCents: number };
}

export interface PickLine {
  sku: string;
  title: string;
  option: string | null;
  /** The texts to engrave: the pick list groups by SKU and text (issue 40); absent: none. */
  personalization?: string[];
  units: number;
  orders: number;
}

export interface SlipsAnswer {
  shop: { name: string; returnAddress: string | null };
  slips: Slip[];
  pickList: PickLine[];
}

/**
 * The units of each SKU across the slips, by SKU and personalized text (a mug for "Jo" and one for
 * "Sam" are picked and engraved apart), with how many orders ask for it.
 */
export function pickList(slips: Pick<Slip, 'lines'>[]): PickLine[] {
  const byItem = new Map<string, PickLine>();
  for (const slip of slips) {
    const seen = new Set<string>();
    for (const line of slip.lines) {
      const texts = line.personalization ?? [];
      const key = JSON.stringify([line.sku, texts]);
      const entry = byItem.get(key) ?? {
        sku: line.sku,
        title: line.title,
        option: line.option,
        ...(texts.length > 0 ? { personalization: texts } : {}),
        units: 0,
        orders: 0,
      };
      entry.units += line.quantity;
      if (!seen.has(key)) entry.orders += 1;
      seen.add(key);
      byItem.set(key, entry);
    }
  }
  return [...byItem.values()].sort(
    (a, b) =>
      a.sku.localeCompare(b.sku) ||
      (a.personalization ?? []).join().localeCompare((b.personalization ?? []).join()),
  );
}
