import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  orderItems,
  orders,
  type OrderAddress,
  type OrderItemRow,
  type OrderRow,
} from '../../../db/schema';
import type { ShopDetails } from '../../mail';
import { ships } from '../../../../core/product/kind';
import {
  pickList,
  SLIP_MAX_ORDERS,
  type Slip,
  type SlipsAnswer,
  type SlipsQuery,
} from '../../../../core/admin/slips';
import { hasNothingToShip } from '../digital-delivery';
import { audit, type Actor } from './deps';
import { ORDER_STATE } from '../../../../core/orders/lifecycle';
import { personalizedLine } from '../../../../core/product/personalized-text';

/** The audit action of printing slips (customers' names and addresses read). */
export const SLIPS_PRINT = 'order.slips';

/** The shipping address as orders store it since migration 0026: with the recipient's name. */
type ShippingAddress = OrderAddress & { firstname?: string; lastname?: string };

/**
 * GET /admin/slips: the packing slips of the chosen orders (or of every unfulfilled one), oldest
 * first, and their pick list. An order with nothing to ship (digital items or gift cards only) has
 * no slip, and digital and gift-card lines (issue 36 row 17) are left off a mixed order's slip,
 * price and all: they are not in the parcel. A gift whose buyer
 * asked to hide prices (orders.gift_hide_prices) gets a slip without any amount: the server leaves
 * them out of the answer, so no page can print them. A priced slip carries the order's discount
 * code and what it took off the slip's lines (issue 42); a price-free gift slip does not.
 */
export async function packingSlips(
  db: Db,
  shop: ShopDetails,
  actor: Actor,
  query: SlipsQuery,
): Promise<SlipsAnswer> {
  const chosen = query.unfulfilled
    ? eq(orders.shippingStatus, ORDER_STATE.unfulfilled)
    : inArray(orders.id, query.ids.length ? query.ids : ['00000000-0000-0000-0000-000000000000']);
  const rows = await db
    .select()
    .from(orders)
    .where(and(chosen, not(hasNothingToShip)))
    .orderBy(asc(orders.createdAt), asc(orders.number))
    .limit(SLIP_MAX_ORDERS);
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderItems.position))
    : [];
  const inParcel = items.filter((item) => ships(item));
  const slips: Slip[] = rows
    .filter((order) => order.shippingAddress)
    .filter((order) => inParcel.some((item) => item.orderId === order.id))
    .map((order) => slipOf(order, inParcel));
  if (slips.length) {
    await audit(db, actor, {
      action: SLIPS_PRINT,
      entity: 'orders',
      entityId: query.unfulfilled ? ORDER_STATE.unfulfilled : 'selected',
      after: { orders: slips.map((slip) => slip.number) },
    });
  }
  return {
    shop: { name: shop.siteName, returnAddress: shop.returnAddress ?? null },
    slips,
    pickList: pickList(slips),
  };
}

/** One order's slip: its parcel's lines, and their prices unless the gift's buyer hid them. */
function slipOf(order: OrderRow, inParcel: OrderItemRow[]): Slip {
  const address = order.shippingAddress as ShippingAddress;
  const showPrices = !order.giftHidePrices;
  const parcel = inParcel.filter((item) => item.orderId === order.id);
  const lines = parcel.map((item) => ({
    sku: item.sku,
    title: item.title,
    option: item.variantTitle,
    ...(item.personalization?.length
      ? { personalization: item.personalization.map(personalizedLine) }
      : {}),
    quantity: item.quantity,
    ...(showPrices ? { unitPriceCents: item.unitPriceCents } : {}),
  }));
  const name =
    [address.firstname, address.lastname].filter(Boolean).join(' ').trim() ||
    `${order.firstname} ${order.lastname}`.trim();
  return {
    orderId: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    shipTo: {
      name,
      line1: address.line1,
      line2: address.line2 || null,
      city: address.city,
      state: address.state,
      zipcode: address.zipcode,
    },
    giftMessage: order.giftMessage,
    showPrices,
    lines,
    ...(showPrices
      ? {
          subtotalCents: lines.reduce(
            (sum, line) => sum + line.quantity * (line.unitPriceCents ?? 0),
            0,
          ),
          ...slipDiscount(order, parcel),
        }
      : {}),
  };
}

/**
 * The discount line of a priced slip (issue 42): the order's code and what it took off the lines in
 * the parcel (their shares; a digital line's share is not on the slip, as the line is not).
 */
function slipDiscount(order: OrderRow, parcel: OrderItemRow[]): Pick<Slip, 'discount'> {
  const amountCents = parcel.reduce((sum, item) => sum + item.discountCents, 0);
  return order.discountCode && amountCents > 0
    ? { discount: { code: order.discountCode, amountCents } }
    : {};
}
