import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import type { OrderHeading } from './OrderRecord';
import { ListSearch, PagedTable, type Column, type ListPage } from './CardTable';
import { orderColumns, type ListedOrder } from './order-columns';
import { RequireAdmin } from './RequireAdmin';

type ListRow = OrderHeading & ListedOrder;

interface OrderList extends ListPage {
  orders: ListRow[];
}

const customer: Column<ListRow> = {
  label: 'Customer',
  cell: (order) => (
    <span>
      {order.firstname} {order.lastname}
      <br />
      {order.email}
    </span>
  ),
};
const COLUMNS = orderColumns([customer]);

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

  return (
    <>
      <ListSearch
        searchLabel="Order number or email"
        q={q}
        onQ={setQ}
        submitLabel="Show orders"
        onSubmit={() => new URLSearchParams({ status })}
      >
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
      </ListSearch>
      <PagedTable
        list={data}
        rows={data?.orders ?? []}
        failed={failed}
        loading="Loading orders..."
        empty="No orders match."
        noun="order"
        columns={COLUMNS}
        keyOf={(order) => order.id}
      />
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
