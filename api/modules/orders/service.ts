import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { confirmOrderFlow, type OrderDependencies } from './confirm-order';
import { IDEMPOTENCY_KEY } from './idempotency';
import {
  ORDER_MESSAGES,
  type OrderConfirmation,
  type OrderConfirmed,
  type QuoteDto,
  type QuoteRequest,
} from './model';
import { priceLines } from './pricing';

/** Places a guest's order; the answer for a retried key is the first answer. */
export async function confirmOrder(
  deps: OrderDependencies,
  order: OrderConfirmation,
  idempotencyKey: string | null,
): Promise<{ status: number; body: OrderConfirmed }> {
  // Signed-in checkout arrives with the accounts issue; until then every order is a guest's.
  if (!order.isGuest) throw new AppError('UNAUTHORIZED', ORDER_MESSAGES.signInRequired);
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new AppError('INVALID_DATA', ORDER_MESSAGES.keyFormat);
  }
  const context = await confirmOrderFlow.run({
    deps,
    order,
    idempotencyKey: idempotencyKey ?? randomUUID(),
    userId: null,
  });
  return context.response!;
}

/** The review page's figures for a cart and a shipping address, computed here, never in the browser. */
export async function quoteOrder(
  deps: OrderDependencies,
  request: QuoteRequest,
): Promise<QuoteDto> {
  const priced = await priceLines(deps.db, deps.tax, request.items, request.shippingAddress);
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
      available: line.available,
    })),
    subtotal: centsToDollars(priced.subtotalCents),
    salesTax: priced.taxRate,
    tax: centsToDollars(priced.taxCents),
    total: centsToDollars(priced.totalCents),
    taxLabel: priced.taxLabel,
  };
}
