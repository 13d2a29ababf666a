import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { shipBody } from '../../../core/admin/model';
import { ConfirmStep } from './ConfirmStep';
import { formatCents } from '../../../core/money';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import styles from './Admin.module.css';

interface Address {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zipcode: string;
}

interface OrderDetail {
  order: {
    id: string;
    number: number;
    email: string;
    firstname: string;
    lastname: string;
    isGuest: boolean;
    shippingAddress: Address;
    billingAddress: Address;
    subtotalCents: number;
    taxCents: number;
    totalCents: number;
    shippingStatus: string;
    paymentStatus: string;
    createdAt: string;
  };
  items: {
    id: string;
    title: string;
    variantTitle: string | null;
    sku: string;
    quantity: number;
    unitPriceCents: number;
  }[];
  payments: {
    provider: string;
    reference: string;
    status: string;
    brand: string | null;
    last4: string | null;
  }[];
  shipment: {
    carrier: string;
    trackingNumber: string | null;
    trackingUrl: string | null;
    shippedAt: string | null;
    deliveredAt: string | null;
  } | null;
  emails: { id: string; subject: string; status: string; createdAt: string }[];
  history: {
    action: string;
    actorEmail: string;
    after: Record<string, unknown> | null;
    createdAt: string;
  }[];
}

const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'];

const addressText = (a: Address) =>
  [a.line1, a.line2, `${a.city}, ${a.state} ${a.zipcode}`].filter(Boolean).join(', ');

function OrderBody({ id }: { id: string }) {
  const [data, setData] = useState<OrderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [carrier, setCarrier] = useState('USPS');
  const [tracking, setTracking] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The action waiting for its confirm step, if any. */
  const [asking, setAsking] = useState<'ship' | 'deliver' | 'cancel' | 'retry' | null>(null);

  const load = useCallback(() => {
    void api.get<OrderDetail>(`/admin/orders/${id}`).then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
  }, [id]);
  useEffect(load, [load]);

  async function act(path: string, body: unknown, done: string) {
    setBusy(true);
    const result = await api.post(`/admin/orders/${id}/${path}`, body);
    setBusy(false);
    setAsking(null);
    if (result.ok) {
      setMessage({ error: false, text: done });
      load();
    } else {
      const fields = result.fields ? Object.values(result.fields).join(' ') : '';
      setMessage({ error: true, text: fields || result.error || ADMIN_TEXT.failed });
    }
  }

  /** The form's first step: checks the fields with the API's own schema, then asks to confirm. */
  function ship(event: FormEvent) {
    event.preventDefault();
    const parsed = shipBody.safeParse({ carrier, trackingNumber: tracking });
    if (!parsed.success) {
      setMessage({ error: true, text: parsed.error.issues.map((i) => i.message).join(' ') });
      return;
    }
    setMessage(null);
    setAsking('ship');
  }

  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!data) return <p role="status">Loading the order...</p>;
  const { order } = data;
  return (
    <>
      <h2>Order {order.number}</h2>
      <p>
        Status: <strong data-testid="order-status">{order.shippingStatus.replace('_', ' ')}</strong>
        {' · '}Payment: {order.paymentStatus} · Placed {when(order.createdAt)}
      </p>
      <div aria-live="polite">
        {message && (
          <p
            className={message.error ? styles.error : undefined}
            role={message.error ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}
      </div>
      {order.shippingStatus === 'unfulfilled' && (
        <section className={styles.panel} aria-labelledby="ship-title">
          <h3 id="ship-title">Mark shipped</h3>
          <form className={styles.form} onSubmit={ship}>
            <label>
              Carrier
              <select value={carrier} onChange={(e) => setCarrier(e.target.value)}>
                {CARRIERS.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <label>
              Tracking number
              <input required value={tracking} onChange={(e) => setTracking(e.target.value)} />
            </label>
            <button className={styles.button} type="submit" disabled={busy}>
              Mark shipped
            </button>
          </form>
          {asking === 'ship' && (
            <ConfirmStep
              summary={`Mark order ${order.number} shipped with ${carrier} tracking ${tracking.trim()}? The customer is emailed the tracking link.`}
              confirmLabel="Yes, mark shipped"
              busy={busy}
              onConfirm={() =>
                void act(
                  'ship',
                  { carrier, trackingNumber: tracking },
                  'Marked shipped; the customer was emailed the tracking link.',
                )
              }
              onCancel={() => setAsking(null)}
            />
          )}
          <p>
            <button
              className={styles.button}
              type="button"
              disabled={busy}
              onClick={() => setAsking('cancel')}
            >
              Cancel and refund
            </button>
          </p>
          {asking === 'cancel' && (
            <ConfirmStep
              summary={`Cancel order ${order.number} and refund ${formatCents(order.totalCents)} to the customer's card? The stock goes back and the customer is emailed.`}
              confirmLabel="Yes, cancel and refund"
              busy={busy}
              onConfirm={() =>
                void act('cancel', {}, 'Canceled and refunded; the customer was emailed.')
              }
              onCancel={() => setAsking(null)}
            />
          )}
        </section>
      )}
      {order.shippingStatus === 'shipped' && (
        <p>
          <button
            className={styles.button}
            type="button"
            disabled={busy}
            onClick={() => setAsking('deliver')}
          >
            Mark delivered
          </button>
        </p>
      )}
      {order.shippingStatus === 'shipped' && asking === 'deliver' && (
        <ConfirmStep
          summary={`Mark order ${order.number} delivered now? Its 14-day return window starts today.`}
          confirmLabel="Yes, mark delivered"
          busy={busy}
          onConfirm={() => void act('deliver', {}, 'Marked delivered.')}
          onCancel={() => setAsking(null)}
        />
      )}
      {(order.shippingStatus === 'refund_failed' || order.shippingStatus === 'canceling') && (
        <p>
          <button
            className={styles.button}
            type="button"
            disabled={busy}
            onClick={() => setAsking('retry')}
          >
            Retry the refund
          </button>
        </p>
      )}
      {asking === 'retry' && (
        <ConfirmStep
          summary={`Refund ${formatCents(order.totalCents)} for order ${order.number} again through the payment provider?`}
          confirmLabel="Yes, retry the refund"
          busy={busy}
          onConfirm={() => void act('retry-refund', {}, 'Refunded; the order is canceled.')}
          onCancel={() => setAsking(null)}
        />
      )}
      {data.shipment && (
        <section className={styles.panel} aria-labelledby="shipment-title">
          <h3 id="shipment-title">Shipment</h3>
          <p>
            {data.shipment.carrier}, tracking{' '}
            {data.shipment.trackingUrl ? (
              <a href={data.shipment.trackingUrl}>{data.shipment.trackingNumber}</a>
            ) : (
              data.shipment.trackingNumber
            )}
            {data.shipment.shippedAt ? `, shipped ${when(data.shipment.shippedAt)}` : ''}
            {data.shipment.deliveredAt ? `, delivered ${when(data.shipment.deliveredAt)}` : ''}
          </p>
        </section>
      )}
      <section className={styles.panel} aria-labelledby="items-title">
        <h3 id="items-title">Items</h3>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>{item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title}</td>
                <td>{item.sku}</td>
                <td>{item.quantity}</td>
                <td>{formatCents(item.unitPriceCents * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Subtotal {formatCents(order.subtotalCents)} · Tax {formatCents(order.taxCents)} · Total{' '}
          <strong>{formatCents(order.totalCents)}</strong>
        </p>
      </section>
      <section className={styles.panel} aria-labelledby="contact-title">
        <h3 id="contact-title">Contact and addresses</h3>
        <p>
          {order.firstname} {order.lastname} ({order.isGuest ? 'guest' : 'account'}),{' '}
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </p>
        <p>Ship to: {addressText(order.shippingAddress)}</p>
        <p>Bill to: {addressText(order.billingAddress)}</p>
        {data.payments.map((p) => (
          <p key={p.reference}>
            Payment: {p.provider} {p.reference} ({p.status}
            {p.brand ? `, ${p.brand} ending ${p.last4}` : ''})
          </p>
        ))}
      </section>
      <section className={styles.panel} aria-labelledby="emails-title">
        <h3 id="emails-title">Emails</h3>
        <ul>
          {data.emails.map((mail) => (
            <li key={mail.id}>
              {when(mail.createdAt)}: {mail.subject} ({mail.status})
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.panel} aria-labelledby="history-title">
        <h3 id="history-title">History</h3>
        <ul>
          <li>{when(order.createdAt)}: placed</li>
          {data.history.map((entry, i) => (
            <li key={i}>
              {when(entry.createdAt)}: {entry.action} by {entry.actorEmail}
              {entry.after?.status ? ` → ${String(entry.after.status)}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function AdminOrder({ id }: { id: string }) {
  return (
    <RequireAdmin>
      <OrderBody id={id} />
    </RequireAdmin>
  );
}
