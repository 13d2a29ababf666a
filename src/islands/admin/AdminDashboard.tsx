import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { BackupStatus, type Backups } from './BackupStatus';
import { RequireAdmin, ADMIN_TEXT } from './RequireAdmin';
import { CardTable, type Column } from './CardTable';
import { noun } from './words';
import styles from './Admin.module.css';

interface Dashboard {
  chartSvg: string;
  toShip: number;
  refundsFailed: number;
  unreadMessages: number;
  lowStock: {
    productId: string;
    title: string;
    variant: string | null;
    sku: string;
    quantity: number | null;
  }[];
  backups: Backups;
}

const LOW_STOCK_COLUMNS: Column<Dashboard['lowStock'][number]>[] = [
  {
    label: 'Product',
    cell: (item) => (item.variant ? `${item.title} (${item.variant})` : item.title),
  },
  { label: 'SKU', cell: (item) => item.sku },
  { label: 'In stock', cell: (item) => item.quantity ?? 0 },
];

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
      <ul className={styles.figures}>
        <li>
          <a href="/admin/orders?status=unfulfilled">
            <strong>{data.toShip}</strong> {noun(data.toShip, 'order')} to ship
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
          <strong>{data.lowStock.length}</strong> low-stock {noun(data.lowStock.length, 'item')}
        </li>
        <li>
          <BackupStatus backups={data.backups} />
        </li>
      </ul>
      <section className={styles.panel} aria-labelledby="chart-title">
        <h2 id="chart-title">Last 30 days</h2>
        {/* Drawn on the server (api/modules/admin/chart.ts): numbers and dates only. */}
        <div className={styles.chart} dangerouslySetInnerHTML={{ __html: data.chartSvg }} />
      </section>
      <section className={styles.panel} aria-labelledby="stock-title">
        <h2 id="stock-title">Low stock (5 or fewer)</h2>
        {data.lowStock.length === 0 ? (
          <p>Nothing is low on stock.</p>
        ) : (
          <CardTable rows={data.lowStock} columns={LOW_STOCK_COLUMNS} keyOf={(item) => item.sku} />
        )}
      </section>
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
