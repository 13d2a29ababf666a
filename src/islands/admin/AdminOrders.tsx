import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { formatCents } from '../../../core/money';
import type { OrderHeading } from './OrderRecord';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { plural, statusLabel } from './words';
import styles from './Admin.module.css';

interface OrderList {
  orders: (OrderHeading & { status: string; totalCents: number; netCents: number })[];
  page: number;
  pageSize: number;
  total: number;
}

const FILTERS = [
  ['open', 'To do (unfulfilled, shipped, refund failed)'],
  ['unfulfilled', 'Unfulfilled'],
  ['shipped', 'Shipped'],
  ['delivered', 'Delivered'],
  ['refund_failed', 'Refund failed'],
  ['canceled', 'Canceled'],
  ['all', 'All'],
] as const;

function OrdersBody() {
  const params = new URLSearchParams(location.search);
  const [status, setStatus] = useState(params.get('status') ?? 'open');
  const [q, setQ] = useState(params.get('q') ?? '');
  const page = Number(params.get('page') ?? '1') || 1;
  const [data, setData] = useState<OrderList | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const query = new URLSearchParams({
      status: params.get('status') ?? 'open',
      page: String(page),
    });
    const search = params.get('q');
    if (search) query.set('q', search);
    void api.get<OrderList>(`/admin/orders?${query}`).then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
    // The query comes from the address only; a new search loads a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams({ status });
    if (q.trim()) next.set('q', q.trim());
    location.assign(`/admin/orders?${next}`);
  }

  const pageHref = (n: number) => {
    const next = new URLSearchParams(location.search);
    next.set('page', String(n));
    return `/admin/orders?${next}`;
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} role="search">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order number or email
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button className={styles.button} type="submit">
          Show orders
        </button>
      </form>
      {failed && <p className={styles.error}>{ADMIN_TEXT.failed}</p>}
      {!data && !failed && <p role="status">Loading orders...</p>}
      {data && (
        <>
          <p>
            {plural(data.total, 'order')}
            {data.total > data.pageSize ? `, page ${data.page}` : ''}
          </p>
          <table className={`${styles.table} ${styles.cards}`}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id}>
                  <td data-label="Order">
                    <a href={`/admin/orders/${order.id}`}>Order {order.number}</a>
                  </td>
                  <td data-label="Placed">{when(order.createdAt)}</td>
                  <td data-label="Customer">
                    <span>
                      {order.firstname} {order.lastname}
                      <br />
                      {order.email}
                    </span>
                  </td>
                  <td data-label="Status">{statusLabel(order.status)}</td>
                  <td data-label="Total">{formatCents(order.totalCents)}</td>
                  <td data-label="Net" data-testid="order-net">
                    {formatCents(order.netCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="Pages">
            {data.page > 1 && <a href={pageHref(data.page - 1)}>Previous page</a>}{' '}
            {data.page * data.pageSize < data.total && (
              <a href={pageHref(data.page + 1)}>Next page</a>
            )}
          </nav>
        </>
      )}
    </>
  );
}

export default function AdminOrders() {
  return (
    <RequireAdmin>
      <OrdersBody />
    </RequireAdmin>
  );
}
