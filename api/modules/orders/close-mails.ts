import type { OrderItemRow, OrderRow } from '../../db/schema';
import {
  type OutgoingMail,
  orderCanceledEmail,
  type ShopDetails,
  customerCanceledOrderEmail,
  shopCanceledOrderEmail,
  type CanceledOrderSummary,
  keptBackEmail,
  paymentEndedEmail,
  type ClosedOrderData,
} from '../mail';
import type { ClosedBy } from './close';
import type { RefundOutcome } from './refund-payments';

interface Closing {
  by: ClosedBy;
  refund: RefundOutcome;
  keptBackCents: number;
  /** What went back to each instrument (order-money.ts refundedTo). */
  refundedTo?: CanceledOrderSummary['refundedTo'];
}

/**
 * The emails of a closed order. A cancel (the customer's, a guest's, the owner's): the shop's
 * cancel (the order keeps its reason) tells the buyer the shop canceled it, why, and what was
 * refunded; a customer's own cancel keeps its email ("… is canceled as you asked") and the shop is
 * told (SHOP_EMAIL, issue 25). A failed or refunded payment, or a full refund, tells the buyer what
 * went back where. Whenever something was kept back, the buyer and the shop are told how much and
 * why (issue 35).
 */
export async function closingMails(
  shop: ShopDetails,
  order: OrderRow,
  items: OrderItemRow[],
  { by, refund, keptBackCents, refundedTo }: Closing,
): Promise<OutgoingMail[]> {
  const lines = items.map(({ title, variantTitle, quantity }) => ({
    title,
    variantTitle,
    quantity,
  }));
  const closed: ClosedOrderData = {
    number: order.number,
    firstname: order.firstname,
    lastname: order.lastname,
    email: order.email,
    giftCardCents: refund.giftCardCents,
    cardCents: refund.cardCents,
    keptBackCents,
    items: lines,
  };
  const toShop = (mail: { subject: string; text: string; html?: string }): OutgoingMail => ({
    kind: 'order.canceled.shop',
    to: shop.shopEmail,
    replyTo: order.email,
    ...mail,
  });
  const keptBack = keptBackCents > 0 ? [toShop(await keptBackEmail(closed, shop))] : [];
  if (by === 'payment-failed' || by === 'payment-refunded' || by === 'full-refund') {
    const email = await paymentEndedEmail(
      closed,
      by === 'payment-failed' ? 'failed' : 'refunded',
      shop,
    );
    return [{ kind: 'order.canceled', to: order.email, ...email }, ...keptBack];
  }
  // What went back: what was paid less what was kept back, the gift cards' part first.
  const totalCents = order.totalCents - keptBackCents;
  const summary: CanceledOrderSummary = {
    number: order.number,
    firstname: order.firstname,
    lastname: order.lastname,
    email: order.email,
    taxCents: order.taxCents,
    totalCents,
    giftCardCents: Math.min(order.giftCardCents, totalCents),
    keptBackCents,
    refundedTo,
    items: items.map(({ title, variantTitle, quantity, unitPriceCents }) => ({
      title,
      variantTitle,
      quantity,
      unitPriceCents,
    })),
  };
  if (order.cancelReason) {
    const email = await shopCanceledOrderEmail(summary, order.cancelReason, order.cancelNote, shop);
    return [{ kind: 'order.canceled', to: order.email, ...email }, ...keptBack];
  }
  const [forCustomer, forShop] = await Promise.all([
    orderCanceledEmail({ ...summary, items: lines }, shop),
    customerCanceledOrderEmail(summary, shop),
  ]);
  return [{ kind: 'order.canceled', to: order.email, ...forCustomer }, toShop(forShop)];
}
