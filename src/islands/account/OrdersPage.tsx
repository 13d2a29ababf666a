import { useCallback, useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { formatDollars } from '../../../core/money';
import { HISTORY_MESSAGES, type HistoryOrder } from '../../../core/orders/history-model';
import { api } from '../../lib/api-client';
import { longDate } from '../../lib/dates';
import { OrderDownloads, useDownloadLines } from './OrderDownloads';
import { RequireSession } from './RequireSession';
import styles from './Account.module.css';
import own from './Orders.module.css';

/** The groups of spec §4 Order shipping status, in their order; anything else is 'Other'. */
export const ORDER_GROUPS = [
  { status: 'unfulfilled', title: 'Unfulfilled' },
  { status: 'shipped', title: 'Shipped' },
  { status: 'delivered', title: 'Delivered' },
  { status: 'canceled', title: 'Canceled' },
] as const;

const STATUS_TEXT: Record<string, string> = {
  unfulfilled: 'Unfulfilled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  canceling: 'Cancellation in progress',
  refund_failed: 'Cancellation in progress: the refund has not gone through yet',
};

export function groupOrders(orders: HistoryOrder[]) {
  const known = new Set<string>(ORDER_GROUPS.map((group) => group.status));
  return [
    ...ORDER_GROUPS.map((group) => ({
      ...group,
      orders: orders.filter((order) => order.shippingStatus === group.status),
    })),
    {
      status: 'other',
      title: 'Other',
      orders: orders.filter((order) => !known.has(order.shippingStatus)),
    },
  ].filter((group) => group.orders.length > 0);
}

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; orders: HistoryOrder[] };

/** spec §2 Orders: the signed-in customer's orders, grouped by shipping status. */
export default function OrdersPage() {
  return <RequireSession>{() => <OrderHistory />}</RequireSession>;
}

function OrderHistory() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  /** Bumped to read the list again (after a cancel or a return request). */
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const downloads = useDownloadLines(version);

  useEffect(() => {
    let active = true;
    void api.get<HistoryOrder[]>('/orders/orders').then((result) => {
      if (!active) return;
      if (result.ok) setLoad({ kind: 'ready', orders: result.data });
      else if (result.status !== 401) setLoad({ kind: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [version]);

  if (load.kind === 'loading') {
    return (
      <p className={styles.hint} role="status">
        Loading your orders...
      </p>
    );
  }
  if (load.kind === 'failed') {
    return (
      <div className={styles.error} role="alert">
        <p>{HISTORY_MESSAGES.loadFailed}</p>
      </div>
    );
  }
  if (load.orders.length === 0) return <p>{HISTORY_MESSAGES.empty}</p>;
  return (
    <div>
      {groupOrders(load.orders).map((group) => (
        <section
          key={group.status}
          className={own.group}
          aria-labelledby={`orders-${group.status}`}
          data-group={group.status}
        >
          <h2 id={`orders-${group.status}`}>{group.title}</h2>
          <ul className={own.orders} role="list">
            {group.orders.map((order) => (
              <OrderCard key={order._id} order={order} reload={reload}>
                <OrderDownloads lines={downloads.filter((line) => line.orderId === order._id)} />
              </OrderCard>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function OrderCard({
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
  const [form, setForm] = useState<'issue' | 'return' | null>(null);
  const address = order.shippingAddress;

  async function cancel() {
    if (!window.confirm(HISTORY_MESSAGES.cancelConfirm)) return;
    setCanceling(true);
    setCancelError(false);
    const result = await api.post('/orders/cancel', { id: order._id });
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
        {STATUS_TEXT[order.shippingStatus] ?? order.shippingStatus}
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
              <p>{item.title}</p>
              {item.variantTitle && <p className={own.meta}>{item.variantTitle}</p>}
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
        <dt>Ship to</dt>
        <dd>
          {[address.line1, address.line2, `${address.city}, ${address.state} ${address.zipcode}`]
            .filter(Boolean)
            .join(', ')}
        </dd>
        {order.carrier && (
          <>
            <dt>Carrier</dt>
            <dd>{order.carrier}</dd>
          </>
        )}
        {order.trackingNumber && (
          <>
            <dt>Tracking number</dt>
            <dd>{order.trackingNumber}</dd>
          </>
        )}
        {order.returnRequests.length > 0 && (
          <>
            <dt>Return</dt>
            <dd>{order.returnRequests.map((request) => request.status).join(', ')}</dd>
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
            onClick={() => void cancel()}
          >
            Cancel
          </button>
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
      {form && (
        <MessageForm
          kind={form}
          order={order}
          onClose={() => setForm(null)}
          onSent={form === 'return' ? reload : undefined}
        />
      )}
    </li>
  );
}

type Sending =
  { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; text: string };

/** 'Report an Issue' (shipped) or 'Start a Return' (delivered): a message to the shop. */
function MessageForm({
  kind,
  order,
  onClose,
  onSent,
}: {
  kind: 'issue' | 'return';
  order: HistoryOrder;
  onClose: () => void;
  onSent?: (() => void) | undefined;
}) {
  const id = useId();
  const returnable = order.items.filter((item) => item.returnable);
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>(returnable.map((item) => item.itemId));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Sending>({ kind: 'editing' });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (message.trim() === '') {
      setError(HISTORY_MESSAGES.messageRequired);
      return;
    }
    if (kind === 'return' && chosen.length === 0) {
      setError('Choose at least one item to return.');
      return;
    }
    setError(null);
    setStatus({ kind: 'sending' });
    const result =
      kind === 'issue'
        ? await api.post('/orders/issue', { id: order._id, message })
        : await api.post('/orders/return', { id: order._id, message, items: chosen });
    if (result.ok) {
      setStatus({ kind: 'sent' });
      setMessage('');
      onSent?.();
    } else if (result.status !== 401) {
      setStatus({ kind: 'failed', text: HISTORY_MESSAGES.messageFailed });
    }
  }

  const title = kind === 'issue' ? 'Report an Issue' : 'Start a Return';
  return (
    <form className={own.form} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={own.meta}>
        {title}: order {order.orderNumber}
      </h4>
      {kind === 'return' && (
        <fieldset>
          <legend>Items to return</legend>
          {returnable.map((item) => (
            <label key={item.itemId} className={styles.checkbox}>
              <input
                type="checkbox"
                checked={chosen.includes(item.itemId)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, item.itemId]
                      : current.filter((itemId) => itemId !== item.itemId),
                  )
                }
              />
              {item.title}
              {item.variantTitle ? ` (${item.variantTitle})` : ''} × {item.quantity}
            </label>
          ))}
        </fieldset>
      )}
      <label htmlFor={`${id}-message`}>Message</label>
      <textarea
        id={`${id}-message`}
        name="message"
        maxLength={2000}
        value={message}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setMessage(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
      {status.kind === 'sent' && (
        <p className={styles.success} role="status">
          {HISTORY_MESSAGES.messageSent}
        </p>
      )}
      {status.kind === 'failed' && (
        <div className={styles.error} role="alert">
          <p>{status.text}</p>
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={status.kind === 'sending'}>
          Send
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
