import type { OrderItemRow, OrderRow } from '../../../db/schema';
import type { PaymentView } from '../../../../core/orders/payments';
import type { DownloadLink } from '../../../../core/downloads/model';

/**
 * What the order emails show, with every amount in integer cents. Its parts have the shape of the
 * database rows (`orders`, `order_items`, `payments`), so a flow that has read or written them
 * passes them as they are: `{ order, items, payments }`.
 */
export interface OrderEmailData {
  order: Pick<
    OrderRow,
    | 'id'
    | 'number'
    | 'isGuest'
    | 'email'
    | 'firstname'
    | 'lastname'
    | 'shippingAddress'
    | 'subtotalCents'
    | 'taxRate'
    | 'taxCents'
    | 'totalCents'
    | 'paymentStatus'
  > &
    /** A gift's part (issue 26); absent or a null message: not a gift. */
    Partial<Pick<OrderRow, 'giftMessage' | 'giftHidePrices' | 'giftRecipientEmail'>> &
    /** The arrival window promised when it was placed (issue 41); null: nothing ships. */
    Partial<Pick<OrderRow, 'promisedEarliest' | 'promisedLatest'>> &
    /** The discount code applied and what it took off (issue 42); absent or 0: none. */
    Partial<Pick<OrderRow, 'discountCode' | 'discountCents'>>;
  items: (Pick<OrderItemRow, 'title' | 'variantTitle' | 'sku' | 'quantity' | 'unitPriceCents'> &
    /** What the line is (issue 35): a gift card is emailed, never shipped, taxed or returned. */
    Partial<Pick<OrderItemRow, 'kind' | 'personalization'>>)[];
  /** Each instrument that paid (issue 35), the gift card's first: none before payment. */
  payments: Pick<PaymentView, 'method' | 'brand' | 'last4' | 'amountCents'>[];
  /** The shopper's download links for the order's digital lines (only their email shows them). */
  downloads?: DownloadLink[];
  /** The signed "View your order" link (only the shopper's email shows it). */
  statusUrl?: string;
}
