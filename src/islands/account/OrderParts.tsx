import { discountRow } from '../../../core/discounts/labels';
import { formatDollars } from '../../../core/money';
import PersonalizedTexts from '../shared/PersonalizedTexts';
import type { HistoryOrder } from '../../../core/orders/history-model';
import { GIFT_TEXT } from '../../../core/orders/gift';
import { shopDayOf } from '../../../core/shop-calendar';
import { PaymentList } from './PaymentList';
import own from './Orders.module.css';

/** The parts of an order of the history (OrderCard): its lines, its figures, its shipment. */

const RETURN_STATUS_TEXT: Record<string, string> = {
  requested: 'Requested: we will email you once we have looked at it',
  approved: 'Approved: the email we sent says where to send the parcel',
  received: 'Received: your refund is on its way',
  refunded: 'Refunded',
  declined: 'Declined',
};

/** "Dec 1" for a gift card's day (YYYY-MM-DD, the shop's calendar). */
const cardDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A gift card line says when it is emailed, and to whom; an order of gift cards only is not
 * "Delivered" on the day it is paid (issue 39 point 2).
 */
export function giftCardLine(card: { recipientName: string; deliverOn: string }, today: string) {
  return card.deliverOn > today
    ? `Will be emailed to ${card.recipientName} on ${cardDay(card.deliverOn)}`
    : `Emailed to ${card.recipientName} on ${cardDay(card.deliverOn)}`;
}

/** The order's lines: image, title, option or gift card, quantity and amount. */
export function OrderItems({ items }: { items: HistoryOrder['items'] }) {
  return (
    <ul className={own.items} role="list">
      {items.map((item) => (
        <li key={item.itemId} className={own.item}>
          {item.image ? (
            <img src={item.image} alt={item.alttext} width="64" height="64" loading="lazy" />
          ) : (
            <span className={own.placeholder} aria-hidden="true" />
          )}
          <div>
            <p>{item.giftCard ? `${item.title}, ${formatDollars(item.price)}` : item.title}</p>
            {item.giftCard ? (
              <p className={own.meta}>{giftCardLine(item.giftCard, shopDayOf(new Date()))}</p>
            ) : (
              item.variantTitle && <p className={own.meta}>{item.variantTitle}</p>
            )}
            <PersonalizedTexts texts={item.personalization} />
            <p className={own.meta}>
              Qty {item.quantity} × {formatDollars(item.price)}
            </p>
          </div>
          <p>{formatDollars(item.price * item.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}

/** The order's figures and where it goes: total, refunds, payments, address, gift, tracking, returns. */
export function OrderDetails({ order }: { order: HistoryOrder }) {
  const address = order.shippingAddress;
  const discount = order.discount ? discountRow(order.discount) : null;
  return (
    <dl className={own.details}>
      {discount && (
        <>
          <dt>{discount[0]}</dt>
          <dd>{discount[1]}</dd>
        </>
      )}
      <dt>Total</dt>
      <dd>{formatDollars(order.total)}</dd>
      {order.refunded > 0 && (
        <>
          <dt>Refunded</dt>
          <dd>{formatDollars(order.refunded)}</dd>
        </>
      )}
      {order.payments?.length > 0 && (
        <>
          <dt>Paid with</dt>
          <dd>
            <PaymentList payments={order.payments} />
          </dd>
        </>
      )}
      {address && (
        <>
          <dt>Ship to</dt>
          <dd>
            {[
              [address.firstname, address.lastname].filter(Boolean).join(' '),
              address.line1,
              address.line2,
              `${address.city}, ${address.state} ${address.zipcode}`,
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </>
      )}
      {order.gift && (
        <>
          <dt>{GIFT_TEXT.badge}</dt>
          <dd data-testid="gift-message" style={{ whiteSpace: 'pre-line' }}>
            {order.gift.message || GIFT_TEXT.noMessage}
            {order.gift.hidePrices && (
              <>
                <br />
                {GIFT_TEXT.pricesHidden}
              </>
            )}
          </dd>
        </>
      )}
      <ShipmentDetails order={order} />
    </dl>
  );
}

/** The order's carrier, tracking number and return requests, as far as there are any. */
function ShipmentDetails({ order }: { order: HistoryOrder }) {
  return (
    <>
      {order.carrier && (
        <>
          <dt>Carrier</dt>
          <dd>{order.carrier}</dd>
        </>
      )}
      {order.trackingNumber && (
        <>
          <dt>Tracking number</dt>
          <dd>
            {order.trackingUrl ? (
              <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                {order.trackingNumber}
                <span className="visually-hidden"> (opens the carrier's tracking page)</span>
              </a>
            ) : (
              order.trackingNumber
            )}
          </dd>
        </>
      )}
      {order.returnRequests.length > 0 && (
        <>
          <dt>Return</dt>
          <dd>
            {order.returnRequests.map((request) => (
              <p key={request._id} className={own.returnState}>
                {RETURN_STATUS_TEXT[request.status] ?? request.status}
                {request.declineReason && `: ${request.declineReason}`}
              </p>
            ))}
          </dd>
        </>
      )}
    </>
  );
}
