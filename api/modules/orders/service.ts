import { AppError } from '../../lib/errors';
import type { SignedInUser } from '../auth';
import { centsToDollars } from '../../../core/money';
import { confirmOrderFlow, type OrderDependencies } from './confirm-order';
import { orderStatusUrl } from './guest-link';
import { IDEMPOTENCY_KEY } from './idempotency';
import {
  ORDER_MESSAGES,
  type OrderConfirmation,
  type OrderConfirmed,
  type QuoteDto,
  type QuoteRequest,
} from '../../../core/orders/model';
import { priceLines } from './pricing';
import { orderArrival } from '../shipping-calendar';
import { lineDiscountOf } from './discount-view';

/**
 * Places an order; the answer for a retried key is the first answer. A signed-in shopper's order
 * is the account's: its name and email, the return policy accepted, `orders.user_id` set (issue
 * 10 point 8), whatever guest fields the body carries. Without a session, only a guest's order.
 */
export async function confirmOrder(
  deps: OrderDependencies,
  order: OrderConfirmation,
  idempotencyKey: string | null,
  user: SignedInUser | null = null,
): Promise<{ status: number; body: OrderConfirmed }> {
  if (!user && !order.isGuest) throw new AppError('UNAUTHORIZED', ORDER_MESSAGES.signInRequired);
  // Without a key a retried request could charge twice: the browser always sends one.
  if (idempotencyKey === null) throw new AppError('INVALID_DATA', ORDER_MESSAGES.keyRequired);
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new AppError('INVALID_DATA', ORDER_MESSAGES.keyFormat);
  }
  const context = await confirmOrderFlow.run({
    deps,
    order: user ? accountOrder(order, user) : order,
    idempotencyKey,
    userId: user?.id ?? null,
  });
  const { status, body } = context.response!;
  // The signed "View your order" link, made again for a retried request's kept answer.
  const statusUrl = orderStatusUrl(deps.shop, {
    id: body.orderId,
    createdAt: body.order.createdAt,
  });
  return { status, body: { ...body, order: { ...body.order, statusUrl } } };
}

/** A signed-in shopper's order: the account's contact, the return policy taken as accepted. */
function accountOrder(order: OrderConfirmation, user: SignedInUser): OrderConfirmation {
  return {
    ...order,
    isGuest: false,
    acceptedReturnPolicy: true,
    guestContact: { firstname: user.firstname, lastname: user.lastname, email: user.email },
  };
}

/**
 * The review page's figures for a cart and a shipping address (or, digital items only, a billing
 * address), computed here, never in the browser.
 */
export async function quoteOrder(
  deps: OrderDependencies,
  request: QuoteRequest,
  user: SignedInUser | null = null,
): Promise<QuoteDto> {
  // A once-per-customer code: the account's uses, and the email's (the account's, else the guest's).
  const customer = { userId: user?.id ?? null, email: user?.email ?? request.email ?? null };
  const priced = await priceLines(deps.db, deps.tax, request.items, request, {
    code: request.discountCode,
    customer,
  });
  return {
    items: priced.lines.map((line) => ({
      _id: line.productId,
      title: line.title,
      variantTitle: line.variantTitle,
      sku: line.sku,
      image: line.image,
      alttext: line.alttext,
      quantity: line.quantity,
      price: centsToDollars(line.unitPriceCents),
      ...lineDiscountOf(line),
      available: line.available,
      ...(line.personalization ? { personalization: line.personalization } : {}),
    })),
    subtotal: centsToDollars(priced.subtotalCents),
    discount: priced.discount
      ? { code: priced.discount.code, amount: centsToDollars(priced.discount.cents) }
      : null,
    salesTax: priced.taxRate,
    tax: centsToDollars(priced.taxCents),
    total: centsToDollars(priced.totalCents),
    taxLabel: priced.taxLabel,
    // When it arrives at the shipping address's state (issue 41).
    arrival: await orderArrival(deps.db, priced.lines, request.shippingAddress?.state ?? null),
  };
}
