import { formatCents } from '../../../core/money';
import {
  NEEDS_ATTENTION_TEXT as TEXT,
  type NeedsAttention,
} from '../../../core/admin/needs-attention';
import { CardTable, type Column } from './CardTable';
import { when } from './RequireAdmin';
import styles from './Admin.module.css';

type Row = NeedsAttention['orders'][number];

const COLUMNS: Column<Row>[] = [
  {
    label: TEXT.order,
    cell: (order) => <a href={`/admin/orders/${order.id}`}>Order {order.number}</a>,
  },
  { label: TEXT.placed, cell: (order) => when(order.createdAt) },
  { label: 'Email', cell: (order) => order.email },
  { label: 'Total', cell: (order) => formatCents(order.totalCents) },
  { label: TEXT.tries, cell: (order) => order.attempts },
  { label: TEXT.nextTry, cell: (order) => (order.nextTryAt ? when(order.nextTryAt) : '') },
  { label: TEXT.error, cell: (order) => order.error ?? '' },
];

/** The dashboard's figure: how many pending orders the recovery job could not settle. */
export function NeedsAttentionFigure({ needsAttention }: { needsAttention: NeedsAttention }) {
  return (
    <a href="/admin/orders?status=pending_payment">
      <strong>{needsAttention.count}</strong> {TEXT.count(needsAttention.count)}
    </a>
  );
}

/** The dashboard's list of them (issue 35): each with its tries and last error. */
export function NeedsAttentionPanel({ needsAttention }: { needsAttention: NeedsAttention }) {
  return (
    <section className={styles.panel} aria-labelledby="attention-title">
      <h2 id="attention-title">{TEXT.title}</h2>
      {needsAttention.count === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <>
          <p>{TEXT.intro}</p>
          <CardTable rows={needsAttention.orders} columns={COLUMNS} keyOf={(order) => order.id} />
        </>
      )}
    </section>
  );
}
