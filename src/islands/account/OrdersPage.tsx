import { useCallback, useState } from 'react';
import { HISTORY_MESSAGES, type HistoryOrder } from '../../../core/orders/history-model';
import { useApiGet } from '../../lib/use-api-get';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { OrderCard } from './OrderCard';
import { OrderDownloads, useDownloadLines } from './OrderDownloads';
import { RequireSession } from './RequireSession';
import styles from '../shared/Account.module.css';
import own from './Orders.module.css';

/** The groups of spec §4 Order shipping status, in their order; anything else is 'Other'. */
export const ORDER_GROUPS = [
  { status: ORDER_STATE.unfulfilled, title: 'Unfulfilled' },
  { status: ORDER_STATE.shipped, title: 'Shipped' },
  { status: ORDER_STATE.delivered, title: 'Delivered' },
  { status: ORDER_STATE.canceled, title: 'Canceled' },
] as const;

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

  useApiGet<HistoryOrder[]>(
    '/orders/orders',
    (result) => {
      if (result.ok) setLoad({ kind: 'ready', orders: result.data });
      else if (result.status !== 401) setLoad({ kind: 'failed' });
    },
    version,
  );

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
