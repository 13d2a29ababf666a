import { useState, type ReactNode } from 'react';
import PersonalizedTexts from '../shared/PersonalizedTexts';
import { formatDollars } from '../../../core/money';
import { HISTORY_MESSAGES, type HistoryOrder } from '../../../core/orders/history-model';
import { GIFT_TEXT } from '../../../core/orders/gift';
import { longDate } from '../../lib/dates';
import { ConfirmDialog } from './ConfirmDialog';
import { useOrderPost } from './order-access';
import { OrderMessageForm } from './OrderMessageForm';
import { PaymentList } from './PaymentList';
import { paymentLine } from '../../../core/orders/payments';
import styles from './Account.module.css';
import own from './Orders.module.css';
import { shopDayOf } from '../../../core/shop-calendar';
import { ORDER_STATE } from '../../../core/orders/lifecycle';

const RETURN_STATUS_TEXT: Record<string, string> = {
  requested: 'Requested: we will email you once we have looked at it',
  approved: 'Approved: the email we sent says where to send the parcel',
  received: 'Received: your refund is on its way',
  refunded: 'Refunded',
  declined: 'Declined',
};

const STATUS_TEXT: Record<string, string> = {
  unfulfilled: 'Unfulfilled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  canceling: 'Cancellation in progress',
  refund_failed: 'Cancellation in progress: the refund has not gone through yet',
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

/** The status words of an order: its state's, or for gift cards only, whether they went out. */
export function orderStatusText(
  order: { shippingStatus: string; items: { giftCard?: { deliverOn: string } | undefined }[] },
  today: string,
): string {
  const cards = order.items.filter((item) => item.giftCard);
  if (order.shippingStatus === ORDER_STATE.delivered && cards.length === order.items.length) {
    const waiting = cards.some((item) => item.giftCard!.deliverOn > today);
    return waiting ? 'Paid: gift cards to be emailed' : 'Gift cards emailed';
  }
  return STATUS_TEXT[order.shippingStatus] ?? order.shippingStatus;
}

/**
 * One order of the history: its items, total, address and shipping, its downloads (`children`),
 * and what the customer may do with it (cancel, report an issue, start a return).
 */
export function OrderCard({
  order,
  reload,
  children,
}: {
  order: HistoryOrder;
  reload: () => void;
  /** The order's downloads (OrderDownloads). */
  children?: ReactNode;
}) {
  const [cancelError, setCancelError] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [asking, setAsking] = useState(false);
  const [form, setForm] = useState<'issue' | 'return' | null>(null);
  const { post } = useOrderPost();
  const address = order.shippingAddress;

  /** Digital items only: nothing shipped, the download links are the delivery. */
  const digitalOnly = order.shippingAddress === null;

  async function cancel(confirmed: boolean) {
    setAsking(false);
    if (!confirmed) return;
    setCanceling(true);
    setCancelError(false);
    const result = await post('cancel', { id: order._id });
    setCanceling(false);
    if (!result.ok) {
      if (result.status !== 401) setCancelError(true);
      if (result.status === 401) return;
    }
    reload();
  }

  return (
    <li className={own.order} data-order={order.orderNumber}>
      <h3>Order {order.orderNumber}</h3>
      <p className={own.meta}>
        Placed <time dateTime={order.createdAt}>{longDate(new Date(order.createdAt))}</time> ·{' '}
        {orderStatusText(order, shopDayOf(new Date()))}
      </p>
      <ul className={own.items} role="list">
        {order.items.map((item) => (
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
      <dl className={own.details}>
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
      </dl>
      {children}
      {cancelError && (
        <div className={styles.error} role="alert">
          <p>{HISTORY_MESSAGES.cancelFailed}</p>
        </div>
      )}
      <div className={styles.actions}>
        {order.canCancel && (
          <button
            type="button"
            className={styles.secondary}
            disabled={canceling}
            onClick={() => setAsking(true)}
            aria-describedby={digitalOnly ? `cancel-note-${order._id}` : undefined}
          >
            Cancel
          </button>
        )}
        {order.canCancel && digitalOnly && (
          <p id={`cancel-note-${order._id}`} className={styles.hint}>
            {HISTORY_MESSAGES.cancelDigital}
          </p>
        )}
        {order.canReportIssue && form !== 'issue' && (
          <button type="button" className={styles.secondary} onClick={() => setForm('issue')}>
            Report an Issue
          </button>
        )}
        {order.canStartReturn && form !== 'return' && (
          <button type="button" className={styles.secondary} onClick={() => setForm('return')}>
            Start a Return
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={`Cancel order ${order.orderNumber}?`}
        confirmLabel="Yes, cancel the order"
        cancelLabel="Keep the order"
        onClose={(confirmed) => void cancel(confirmed)}
      >
        <p>{HISTORY_MESSAGES.cancelConfirm}</p>
        {digitalOnly && <p>{HISTORY_MESSAGES.cancelDigital}</p>}
        <p>
          {order.payments?.some((payment) => payment.method === 'gift_card')
            ? `Order ${order.orderNumber}, ${formatDollars(order.total)}: each part goes back to what paid it, ${order.payments.map(paymentLine).join(', ')}.`
            : `Order ${order.orderNumber}, ${formatDollars(order.total)}: the full amount goes back to the card you paid with.`}
        </p>
      </ConfirmDialog>
      {form && (
        <OrderMessageForm
          kind={form}
          order={order}
          onClose={() => setForm(null)}
          onSent={form === 'return' ? reload : undefined}
        />
      )}
    </li>
  );
}
