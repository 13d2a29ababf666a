import { formatCents } from '../../../core/money';
import type { Column } from './CardTable';
import { when } from './RequireAdmin';
import { statusLabel } from './words';

/** An order as the orders list and a customer's page list it. */
export interface ListedOrder {
  id: string;
  number: number;
  createdAt: string;
  status: string;
  totalCents: number;
  netCents: number;
}

const order: Column<ListedOrder> = {
  label: 'Order',
  cell: (row) => <a href={`/admin/orders/${row.id}`}>Order {row.number}</a>,
};

/** The columns of a list of orders; `between` goes after the date (the orders list's customer). */
export function orderColumns<Row extends ListedOrder>(between: Column<Row>[] = []): Column<Row>[] {
  return [
    order,
    { label: 'Placed', cell: (row) => when(row.createdAt) },
    ...between,
    { label: 'Status', cell: (row) => statusLabel(row.status) },
    { label: 'Total', cell: (row) => formatCents(row.totalCents) },
    { label: 'Net', cell: (row) => formatCents(row.netCents), testId: 'order-net' },
  ];
}
