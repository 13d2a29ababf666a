import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { AdminReturn } from './AdminReturn';
import { InboxReply, ReplyThread, type InboxReplyView } from './InboxReply';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { plural, statusLabel } from './words';
import { RETURN_REASONS, type ReturnReason } from '../../../core/orders/returns';
import styles from './Admin.module.css';

interface InboxItem {
  kind: 'contact' | 'issue' | 'return';
  id: string;
  /** Null: a guest wrote without giving an address (they cannot be answered). */
  email: string | null;
  subject: string;
  message: string;
  orderNumber: string | null;
  orderId: string | null;
  status: string | null;
  /** A return's reason and its order's delivery: what the owner decides on (issue 39). */
  reason: ReturnReason | null;
  deliveredAt: string | null;
  createdAt: string;
  unread: boolean;
  replies: InboxReplyView[];
}

const KIND_LABEL: Record<InboxItem['kind'], string> = {
  contact: 'Message',
  issue: 'Issue report',
  return: 'Return request',
};

/** Who wrote, when, and the order it is about (a link when the shop has that order). */
function ItemHeading({ item }: { item: InboxItem }) {
  return (
    <p>
      {item.unread ? 'Unread · ' : ''}
      {KIND_LABEL[item.kind]} from{' '}
      {item.email ? <a href={`mailto:${item.email}`}>{item.email}</a> : 'a guest (no email given)'},{' '}
      {when(item.createdAt)}
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
      {item.status ? ` (${statusLabel(item.status)})` : ''}
    </p>
  );
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

  /** Applies `change` to the item of that kind and id. */
  const update = (item: InboxItem, change: (item: InboxItem) => InboxItem) =>
    setItems(
      (current) =>
        current?.map((other) =>
          other.kind === item.kind && other.id === item.id ? change(other) : other,
        ) ?? null,
    );

  async function markRead(item: InboxItem) {
    const result = await api.post(`/admin/inbox/${item.kind}/${item.id}/read`, {});
    if (result.ok) update(item, (other) => ({ ...other, unread: false }));
  }

  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!items) return <p role="status">Loading the inbox...</p>;
  if (items.length === 0) return <p>The inbox is empty.</p>;
  const unread = items.filter((item) => item.unread).length;
  return (
    <>
      <p>
        {plural(items.length, 'item')}, {unread} unread
      </p>
      <ul className={`${styles.figures} ${styles.wrap}`} style={{ gridTemplateColumns: '1fr' }}>
        {items.map((item) => (
          <InboxEntry
            key={`${item.kind}:${item.id}`}
            item={item}
            open={open === item.id}
            onToggle={() => {
              setOpen((current) => (current === item.id ? null : item.id));
              if (item.unread) void markRead(item);
            }}
            onMarkRead={() => void markRead(item)}
            onChange={(change) => update(item, change)}
          />
        ))}
      </ul>
    </>
  );
}

interface EntryProps {
  item: InboxItem;
  /** A return opened for its actions. */
  open: boolean;
  onToggle: () => void;
  onMarkRead: () => void;
  onChange: (change: (item: InboxItem) => InboxItem) => void;
}

/** One message or return request: its facts, its thread, and what the owner can do with it. */
function InboxEntry({ item, open, onToggle, onMarkRead, onChange }: EntryProps) {
  return (
    <li className={item.unread ? styles.unread : undefined}>
      <ItemHeading item={item} />
      <p>{item.subject}</p>
      {item.kind === 'return' && (
        <p data-testid="return-facts">
          {item.reason ? `Reason: ${RETURN_REASONS[item.reason]}` : ''}
          {item.reason && ' · '}
          {item.deliveredAt ? `Delivered ${when(item.deliveredAt)}` : 'Not marked delivered'}
        </p>
      )}
      <p style={{ fontWeight: 400, whiteSpace: 'pre-wrap' }}>{item.message}</p>
      {item.kind !== 'return' && <ReplyThread replies={item.replies} />}
      {item.unread && (
        <button className={styles.button} type="button" onClick={onMarkRead}>
          Mark read
        </button>
      )}
      {item.kind !== 'return' && item.email && (
        <InboxReply
          kind={item.kind}
          id={item.id}
          to={item.email}
          subject={item.subject}
          onSent={(reply) =>
            // Answered is read (the server marks it so too).
            onChange((other) => ({
              ...other,
              unread: false,
              replies: [...other.replies, reply],
            }))
          }
        />
      )}
      {item.kind === 'return' && (
        <>
          {' '}
          <button
            className={styles.secondary}
            type="button"
            aria-expanded={open}
            onClick={onToggle}
          >
            {open ? 'Close' : 'Handle the return'}
            <span className="visually-hidden"> for order {item.orderNumber}</span>
          </button>
          {open && (
            <AdminReturn
              id={item.id}
              onChanged={(status) => onChange((other) => ({ ...other, status }))}
            />
          )}
        </>
      )}
    </li>
  );
}

export default function AdminInbox() {
  return (
    <RequireAdmin>
      <InboxBody />
    </RequireAdmin>
  );
}
