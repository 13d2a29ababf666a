import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import type { OrderHeading } from './OrderRecord';
import { ListSearch, PagedTable, type Column, type ListPage } from './CardTable';
import { orderColumns, type ListedOrder } from './order-columns';
import { RequireAdmin } from './RequireAdmin';
import { ExportPanel } from './ExportPanel';
import { SlipLinks } from './SlipLinks';
import { SLIP_TEXT } from '../../../core/admin/slips';
import { ORDER_STATE } from '../../../core/orders/lifecycle';
import { BulkShip } from './BulkShip';
import { NoticeLine, type Notice } from './useAdminAction';
import { SHIP_BY_TEXT, shipByLabel, type ShipByMark } from '../../../core/admin/ship-by';

type ListRow = OrderHeading &
  ListedOrder & { canShip: boolean; shipBy: string | null; shipMark: ShipByMark | null };

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
/** The day the parcel must leave by (issue 41), marked on that day and after it. */
const shipBy: Column<ListRow> = {
  label: SHIP_BY_TEXT.column,
  cell: (order) => (
    <span data-ship-mark={order.shipMark ?? undefined}>
      {order.shipMark ? (
        <strong>{shipByLabel(order.shipBy, order.shipMark)}</strong>
      ) : (
        shipByLabel(order.shipBy, null)
      )}
    </span>
  ),
  testId: 'order-ship-by',
};
const COLUMNS = orderColumns([customer, shipBy]);

const FILTERS = [
  ['open', 'To do (unfulfilled, shipped, refund failed)'],
  [ORDER_STATE.unfulfilled, 'Unfulfilled'],
  [ORDER_STATE.shipped, 'Shipped'],
  [ORDER_STATE.delivered, 'Delivered'],
  [ORDER_STATE.refundFailed, 'Refund failed'],
  [ORDER_STATE.canceled, 'Canceled'],
  [ORDER_STATE.pendingPayment, 'Pending payment (not yet settled)'],
  ['all', 'All'],
] as const;

/** A checkbox per order: the slips to print, the orders to ship at once. */
function selectColumn(
  selected: ReadonlySet<string>,
  setSelected: (next: ReadonlySet<string>) => void,
): Column<ListRow> {
  return {
    label: 'Select',
    cell: (order) => (
      <input
        type="checkbox"
        aria-label={`Select order ${order.number}`}
        checked={selected.has(order.id)}
        onChange={(e) => {
          const next = new Set(selected);
          if (e.target.checked) next.add(order.id);
          else next.delete(order.id);
          setSelected(next);
        }}
      />
    ),
  };
}

interface FilterState {
  status: string;
  setStatus: (value: string) => void;
  from: string;
  setFrom: (value: string) => void;
  to: string;
  setTo: (value: string) => void;
}

/** The list's status and the days the orders were placed on. */
function OrderFilters({ status, setStatus, from, setFrom, to, setTo }: FilterState) {
  return (
    <>
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
        Placed from
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        to
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
    </>
  );
}

function OrdersBody() {
  const params = new URLSearchParams(location.search);
  const [status, setStatus] = useState(params.get('status') ?? 'open');
  const [q, setQ] = useState(params.get('q') ?? '');
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const page = Number(params.get('page') ?? '1') || 1;
  const [data, setData] = useState<OrderList | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const query = new URLSearchParams({
      status: params.get('status') ?? 'open',
      page: String(page),
    });
    for (const key of ['q', 'from', 'to']) {
      const value = params.get(key);
      if (value) query.set(key, value);
    }
    void api.get<OrderList>(`/admin/orders?${query}`).then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
    // The query comes from the address only; a new search loads a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloads]);

  const select = selectColumn(selected, setSelected);

  return (
    <>
      <ListSearch
        searchLabel="Order number, name, email, SKU or product"
        q={q}
        onQ={setQ}
        submitLabel="Show orders"
        onSubmit={() => {
          const next = new URLSearchParams({ status });
          if (from) next.set('from', from);
          if (to) next.set('to', to);
          return next;
        }}
      >
        <OrderFilters {...{ status, setStatus, from, setFrom, to, setTo }} />
      </ListSearch>
      <SlipLinks
        links={[
          [SLIP_TEXT.printSelected, selected.size ? `ids=${[...selected].join(',')}` : null],
          [SLIP_TEXT.printUnfulfilled, 'unfulfilled=1'],
        ]}
      />
      <NoticeLine notice={notice} />
      <BulkShip
        selected={(data?.orders ?? []).filter((order) => selected.has(order.id))}
        onShipped={(done) => {
          setNotice(done);
          setSelected(new Set());
          setReloads((n) => n + 1);
        }}
      />
      <PagedTable
        list={data}
        rows={data?.orders ?? []}
        failed={failed}
        loading="Loading orders..."
        empty="No orders match."
        noun="order"
        columns={[select, ...COLUMNS]}
        keyOf={(order) => order.id}
      />
      <ExportPanel />
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
