import { useState, type ReactNode } from 'react';
import { formatDollars } from '../../../core/money';
import { HISTORY_MESSAGES, type HistoryOrder } from '../../../core/orders/history-model';
import { longDate } from '../../lib/dates';
import { ConfirmDialog } from './ConfirmDialog';
import { useOrderPost } from './order-access';
import { OrderMessageForm } from './OrderMessageForm';
import { OrderDetails, OrderItems, giftCardLine } from './OrderParts';
import { paymentLine } from '../../../core/orders/payments';
import styles from '../shared/Account.module.css';
import { PromisedArrival } from '../shared/ArrivalLine';
import own from './Orders.module.css';
import { shopDayOf } from '../../../core/shop-calendar';
import { ORDER_STATE } from '../../../core/orders/lifecycle';

const STATUS_TEXT: Record<string, string> = {
  unfulfilled: 'Unfulfilled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  canceling: 'Cancellation in progress',
  refund_failed: 'Cancellation in progress: the refund has not gone through yet',
};

export { giftCardLine };

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

/** "Cancel order N?": what canceling gives back, and to what. */
function CancelDialog({
  order,
  open,
  digitalOnly,
  onClose,
}: {
  order: HistoryOrder;
  open: boolean;
  digitalOnly: boolean;
  onClose: (confirmed: boolean) => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={`Cancel order ${order.orderNumber}?`}
      confirmLabel="Yes, cancel the order"
      cancelLabel="Keep the order"
      onClose={onClose}
    >
      <p>{HISTORY_MESSAGES.cancelConfirm}</p>
      {digitalOnly && <p>{HISTORY_MESSAGES.cancelDigital}</p>}
      <p>
        {order.payments?.some((payment) => payment.method === 'gift_card')
          ? `Order ${order.orderNumber}, ${formatDollars(order.total)}: each part goes back to what paid it, ${order.payments.map(paymentLine).join(', ')}.`
          : `Order ${order.orderNumber}, ${formatDollars(order.total)}: the full amount goes back to the card you paid with.`}
      </p>
    </ConfirmDialog>
  );
}

/** Canceling an order: the dialog's question, the request, and whether it failed. */
function useCancel(orderId: string, reload: () => void) {
  const [cancelError, setCancelError] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [asking, setAsking] = useState(false);
  const { post } = useOrderPost();

  async function cancel(confirmed: boolean) {
    setAsking(false);
    if (!confirmed) return;
    setCanceling(true);
    setCancelError(false);
    const result = await post('cancel', { id: orderId });
    setCanceling(false);
    if (!result.ok) {
      if (result.status !== 401) setCancelError(true);
      if (result.status === 401) return;
    }
    reload();
  }
  return { cancelError, canceling, asking, setAsking, cancel };
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
  const [form, setForm] = useState<'issue' | 'return' | null>(null);
  const { cancelError, canceling, asking, setAsking, cancel } = useCancel(order._id, reload);

  /** Digital items only: nothing shipped, the download links are the delivery. */
  const digitalOnly = order.shippingAddress === null;

  return (
    <li className={own.order} data-order={order.orderNumber}>
      <h3>Order {order.orderNumber}</h3>
      <p className={own.meta}>
        Placed <time dateTime={order.createdAt}>{longDate(new Date(order.createdAt))}</time> ·{' '}
        {orderStatusText(order, shopDayOf(new Date()))}
      </p>
      <PromisedArrival promised={order.promised} />
      <OrderItems items={order.items} />
      <OrderDetails order={order} />
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
      <CancelDialog
        order={order}
        open={asking}
        digitalOnly={digitalOnly}
        onClose={(confirmed) => void cancel(confirmed)}
      />
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
