import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { shipBody } from '../../../core/admin/model';
import { ConfirmStep } from './ConfirmStep';
import { formatCents } from '../../../core/money';
import { OrderRecord, type OrderDetail } from './OrderRecord';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { AskButton, NoticeLine, useAdminAction } from './useAdminAction';
import styles from './Admin.module.css';

const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'];

/** One order in the back office: its status, the fulfilment actions open to it, and its record. */
function OrderBody({ id }: { id: string }) {
  const [data, setData] = useState<OrderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [carrier, setCarrier] = useState('USPS');
  const [tracking, setTracking] = useState('');
  const { asking, setAsking, busy, notice, setNotice, send } = useAdminAction<
    'ship' | 'deliver' | 'cancel' | 'retry'
  >();

  const load = useCallback(() => {
    void api.get<OrderDetail>(`/admin/orders/${id}`).then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
  }, [id]);
  useEffect(load, [load]);

  async function act(path: string, body: unknown, done: string) {
    const result = await send(`/admin/orders/${id}/${path}`, body, done);
    if (result.ok) load();
  }

  /** The form's first step: checks the fields with the API's own schema, then asks to confirm. */
  function ship(event: FormEvent) {
    event.preventDefault();
    const parsed = shipBody.safeParse({ carrier, trackingNumber: tracking });
    if (!parsed.success) {
      setNotice({ error: true, text: parsed.error.issues.map((i) => i.message).join(' ') });
      return;
    }
    setNotice(null);
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
      <NoticeLine notice={notice} />
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
          <AskButton label="Cancel and refund" busy={busy} onClick={() => setAsking('cancel')} />
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
        <AskButton label="Mark delivered" busy={busy} onClick={() => setAsking('deliver')} />
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
        <AskButton label="Retry the refund" busy={busy} onClick={() => setAsking('retry')} />
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
      <OrderRecord data={data} />
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
