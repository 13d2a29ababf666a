import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { AdminReturn } from './AdminReturn';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import styles from './Admin.module.css';

interface InboxItem {
  kind: 'contact' | 'issue' | 'return';
  id: string;
  email: string;
  subject: string;
  message: string;
  orderNumber: string | null;
  orderId: string | null;
  status: string | null;
  createdAt: string;
  unread: boolean;
}

function InboxBody() {
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  /** The return request opened for its actions. */
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    void api.get<{ items: InboxItem[] }>('/admin/inbox').then((result) => {
      if (result.ok) setItems(result.data.items);
      else setFailed(true);
    });
  }, []);

  async function markRead(item: InboxItem) {
    const result = await api.post(`/admin/inbox/${item.kind}/${item.id}/read`, {});
    if (result.ok) {
      setItems(
        (current) =>
          current?.map((other) => (other === item ? { ...other, unread: false } : other)) ?? null,
      );
    }
  }

  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!items) return <p role="status">Loading the inbox...</p>;
  if (items.length === 0) return <p>The inbox is empty.</p>;
  return (
    <ul className={styles.figures} style={{ gridTemplateColumns: '1fr' }}>
      {items.map((item) => (
        <li key={`${item.kind}:${item.id}`} className={item.unread ? styles.unread : undefined}>
          <p>
            {item.unread ? 'Unread · ' : ''}
            {item.kind === 'contact'
              ? 'Message'
              : item.kind === 'issue'
                ? 'Issue report'
                : 'Return request'}{' '}
            from <a href={`mailto:${item.email}`}>{item.email}</a>, {when(item.createdAt)}
            {item.orderId ? (
              <>
                {', '}
                <a href={`/admin/orders/${item.orderId}`}>order {item.orderNumber}</a>
              </>
            ) : item.orderNumber ? (
              `, order ${item.orderNumber}`
            ) : (
              ''
            )}
            {item.status ? ` (${item.status})` : ''}
          </p>
          <p>{item.subject}</p>
          <p style={{ fontWeight: 400, whiteSpace: 'pre-wrap' }}>{item.message}</p>
          {item.unread && (
            <button className={styles.button} type="button" onClick={() => void markRead(item)}>
              Mark read
            </button>
          )}
          {item.kind === 'return' && (
            <>
              {' '}
              <button
                className={styles.secondary}
                type="button"
                aria-expanded={open === item.id}
                onClick={() => {
                  setOpen((current) => (current === item.id ? null : item.id));
                  if (item.unread) void markRead(item);
                }}
              >
                {open === item.id ? 'Close' : 'Handle the return'}
                <span className="visually-hidden"> for order {item.orderNumber}</span>
              </button>
              {open === item.id && (
                <AdminReturn
                  id={item.id}
                  onChanged={(status) =>
                    setItems(
                      (current) =>
                        current?.map((other) =>
                          other.kind === 'return' && other.id === item.id
                            ? { ...other, status }
                            : other,
                        ) ?? null,
                    )
                  }
                />
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function AdminInbox() {
  return (
    <RequireAdmin>
      <InboxBody />
    </RequireAdmin>
  );
}
