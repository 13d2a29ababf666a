import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { BackupStatus, type Backups } from './BackupStatus';
import { RequireAdmin, ADMIN_TEXT } from './RequireAdmin';
import { CardTable, type Column } from './CardTable';
import { LOW_STOCK_TEXT } from './stock-filter';
import { noun, waitingLabel } from './words';
import { NeedsAttentionFigure, NeedsAttentionPanel } from './NeedsAttention';
import type { NeedsAttention } from '../../../core/admin/needs-attention';
import styles from './Admin.module.css';
import { SHIP_BY_TEXT } from '../../../core/admin/ship-by';
import { formatCents } from '../../../core/money';
import { DASHBOARD_DISCOUNT_TEXT } from '../../../core/discounts/model';

interface Dashboard {
  chartSvg: string;
  toShip: number;
  /** Orders to ship whose ship-by day is today, and those past it (issue 41). */
  shipToday?: number;
  shipLate?: number;
  refundsFailed: number;
  unreadMessages: number;
  /** Returns asked for or approved, not received yet (issue 39); older answers lack it. */
  returnsWaiting?: number;
  /** Everything at or under its low-stock threshold, sold out included (issue 28). */
  lowStock: {
    productId: string;
    title: string;
    variant: string | null;
    sku: string;
    quantity: number;
    threshold: number;
  }[];
  /** The sold-out items the most shoppers wait for (issue 27), most first. */
  mostAwaited: {
    productId: string;
    title: string;
    variant: string | null;
    sku: string;
    waiting: number;
  }[];
  backups: Backups;
  /** Pending orders the recovery job could not settle after several tries (issue 35). */
  needsAttention?: NeedsAttention;
  /** Product slugs articles name that the shop does not serve (issue 38); older answers lack it. */
  articlesNamingMissingProducts?: { file: string; line: number; slug: string }[];
  /** What each discount code gave away in the last 30 days (issue 42); older answers lack it. */
  discountCodes?: { code: string; orders: number; amountCents: number }[];
}

const MISSING_PRODUCT_COLUMNS: Column<
  NonNullable<Dashboard['articlesNamingMissingProducts']>[number]
>[] = [
  { label: 'Article', cell: (ref) => `${ref.file}, line ${ref.line}` },
  { label: 'Product slug', cell: (ref) => ref.slug },
];

const CODE_COLUMNS: Column<NonNullable<Dashboard['discountCodes']>[number]>[] = [
  { label: 'Code', cell: (given) => given.code },
  { label: 'Orders', cell: (given) => given.orders },
  { label: 'Given away', cell: (given) => formatCents(given.amountCents) },
];

/** What each discount code gave away (issue 42), beside the revenue it is already taken off. */
function DiscountCodesGiven({ codes }: { codes: NonNullable<Dashboard['discountCodes']> }) {
  return (
    <section className={styles.panel} aria-labelledby="codes-title">
      <h2 id="codes-title">{DASHBOARD_DISCOUNT_TEXT.title}</h2>
      <p>{DASHBOARD_DISCOUNT_TEXT.netRevenue}</p>
      {codes.length === 0 ? (
        <p>{DASHBOARD_DISCOUNT_TEXT.none}</p>
      ) : (
        <CardTable rows={codes} columns={CODE_COLUMNS} keyOf={(given) => given.code} />
      )}
    </section>
  );
}

const itemName = (item: { title: string; variant: string | null }) =>
  item.variant ? `${item.title} (${item.variant})` : item.title;

/** The stock page, searched to one row (where its quantity and threshold are set). */
const stockRow = (sku: string) => `/admin/products?q=${encodeURIComponent(sku)}`;

const LOW_STOCK_COLUMNS: Column<Dashboard['lowStock'][number]>[] = [
  {
    label: 'Product',
    cell: (item) => <a href={stockRow(item.sku)}>{itemName(item)}</a>,
  },
  { label: 'SKU', cell: (item) => item.sku },
  {
    label: 'In stock',
    cell: (item) => (item.quantity === 0 ? LOW_STOCK_TEXT.soldOut : item.quantity),
  },
  { label: LOW_STOCK_TEXT.threshold, cell: (item) => item.threshold },
];

const AWAITED_COLUMNS: Column<Dashboard['mostAwaited'][number]>[] = [
  {
    label: 'Sold out',
    // Opens the stock page searched to this row, where its quantity is set.
    cell: (item) => <a href={stockRow(item.sku)}>{itemName(item)}</a>,
  },
  { label: 'SKU', cell: (item) => item.sku },
  { label: 'Waiting', cell: (item) => waitingLabel(item.waiting) },
];

/** The figures at the top: each a link to the list it counts. */
function Figures({ data }: { data: Dashboard }) {
  return (
    <ul className={styles.figures}>
      <li>
        <a href="/admin/orders?status=unfulfilled">
          <strong>{data.toShip}</strong> {noun(data.toShip, 'order')} to ship
        </a>
      </li>
      <li>
        <a href="/admin/orders?status=unfulfilled" data-testid="ship-today">
          <strong>{data.shipToday ?? 0}</strong> {SHIP_BY_TEXT.dashboardToday}
        </a>
      </li>
      <li>
        <a href="/admin/orders?status=unfulfilled" data-testid="ship-late">
          <strong>{data.shipLate ?? 0}</strong> {SHIP_BY_TEXT.dashboardLate}
        </a>
      </li>
      <li>
        <a href="/admin/orders?status=refund_failed">
          <strong>{data.refundsFailed}</strong> {noun(data.refundsFailed, 'refund')} failed
        </a>
      </li>
      <li>
        <a href="/admin/inbox">
          <strong>{data.unreadMessages}</strong> unread {noun(data.unreadMessages, 'message')}
        </a>
      </li>
      <li>
        <a href="/admin/inbox">
          <strong>{data.returnsWaiting ?? 0}</strong> {noun(data.returnsWaiting ?? 0, 'return')}{' '}
          waiting
        </a>
      </li>
      <li>
        <a href="#stock-title">
          <strong>{data.lowStock.length}</strong> {LOW_STOCK_TEXT.count(data.lowStock.length)}
        </a>
      </li>
      <li>
        <BackupStatus backups={data.backups} />
      </li>
      {data.needsAttention && (
        <li>
          <NeedsAttentionFigure needsAttention={data.needsAttention} />
        </li>
      )}
    </ul>
  );
}

function DashboardBody() {
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api.get<Dashboard>('/admin/dashboard').then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
  }, []);
  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!data) return <p role="status">Loading the dashboard...</p>;
  return (
    <>
      <Figures data={data} />
      {data.needsAttention && <NeedsAttentionPanel needsAttention={data.needsAttention} />}
      <section className={styles.panel} aria-labelledby="chart-title">
        <h2 id="chart-title">Last 30 days</h2>
        {/* Drawn on the server (api/modules/admin/chart.ts): numbers and dates only. */}
        <div className={styles.chart} dangerouslySetInnerHTML={{ __html: data.chartSvg }} />
      </section>
      {data.discountCodes && <DiscountCodesGiven codes={data.discountCodes} />}
      <section className={styles.panel} aria-labelledby="stock-title">
        <h2 id="stock-title">{LOW_STOCK_TEXT.title}</h2>
        {data.lowStock.length === 0 ? (
          <p>{LOW_STOCK_TEXT.none}</p>
        ) : (
          <CardTable rows={data.lowStock} columns={LOW_STOCK_COLUMNS} keyOf={(item) => item.sku} />
        )}
      </section>
      <section className={styles.panel} aria-labelledby="awaited-title">
        <h2 id="awaited-title">Most awaited</h2>
        {data.mostAwaited.length === 0 ? (
          <p>Nobody is waiting for a sold-out item.</p>
        ) : (
          <CardTable rows={data.mostAwaited} columns={AWAITED_COLUMNS} keyOf={(item) => item.sku} />
        )}
      </section>
      {data.articlesNamingMissingProducts && data.articlesNamingMissingProducts.length > 0 && (
        <section className={styles.panel} aria-labelledby="missing-products-title">
          <h2 id="missing-products-title">Articles that name products the shop does not have</h2>
          <p>
            A typo in the slug, or a product since removed: the article shows the text without a
            link or a card. Correct the slug in the file (docs/editing.md).
          </p>
          <CardTable
            rows={data.articlesNamingMissingProducts}
            columns={MISSING_PRODUCT_COLUMNS}
            keyOf={(ref) => `${ref.file}:${ref.line}:${ref.slug}`}
          />
        </section>
      )}
    </>
  );
}

export default function AdminDashboard() {
  return (
    <RequireAdmin>
      <DashboardBody />
    </RequireAdmin>
  );
}
