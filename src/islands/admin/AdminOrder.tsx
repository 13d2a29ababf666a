import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { NO_CARRIER, SHIP_CARRIERS, shipBody } from '../../../core/admin/model';
import { CancelOrderForm } from './CancelOrderForm';
import { ConfirmStep } from './ConfirmStep';
import { formatCents } from '../../../core/money';
import { OrderMoney } from './OrderMoney';
import { PaymentRefunds } from './PaymentRefunds';
import { LineRefundForm, type RefundFormLine } from './LineRefundForm';
import { paymentLine, refundableCents } from '../../../core/orders/payments';
import { OrderRecord, type OrderDetail } from './OrderRecord';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { statusLabel } from './words';
import { AskButton, NoticeLine, useAdminAction } from './useAdminAction';
import styles from './Admin.module.css';
import { OrderNotes } from './OrderNotes';
import { SlipLinks } from './SlipLinks';
import { SLIP_TEXT } from '../../../core/admin/slips';
import type { OrderNote } from '../../../core/admin/order-notes';
import type { OrderAction } from '../../../core/orders/lifecycle';

/** The order answer: the record, its notes and the actions the server allows now (issue 35). */
type OrderAnswer = OrderDetail & {
  notes?: OrderNote[];
  actions?: readonly OrderAction[];
  items: RefundFormLine[];
};

type Action = 'ship' | 'deliver' | 'retry';

/** Each action's route, its confirm button and what the page says once it is done. */
const ACTIONS: Record<Action, { path: string; confirmLabel: string; done: string }> = {
  ship: {
    path: 'ship',
    confirmLabel: 'Yes, mark shipped',
    done: 'Marked shipped; the customer was emailed the tracking link.',
  },
  deliver: { path: 'deliver', confirmLabel: 'Yes, mark delivered', done: 'Marked delivered.' },
  retry: {
    path: 'retry-refund',
    confirmLabel: 'Yes, retry the refund',
    done: 'Refunded; the order is canceled.',
  },
};

/** One order in the back office: its status, the fulfilment actions open to it, and its record. */
function OrderBody({ id }: { id: string }) {
  const [data, setData] = useState<OrderAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [carrier, setCarrier] = useState('USPS');
  const [tracking, setTracking] = useState('');
  const { asking, setAsking, busy, notice, setNotice, send } = useAdminAction<Action>();

  const load = useCallback(() => {
    void api.get<OrderAnswer>(`/admin/orders/${id}`).then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
  }, [id]);
  useEffect(load, [load]);

  async function act(action: Action) {
    const { path, done } = ACTIONS[action];
    const body = action === 'ship' ? { carrier, trackingNumber: tracking } : {};
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
  // Only what the server allows for this order's state and kind (the lifecycle table).
  const can = (action: OrderAction) => data.actions?.includes(action) ?? false;
  /** The action's confirm step, while it is the one asked. */
  const confirmStep = (action: Action, summary: string) =>
    asking === action && (
      <ConfirmStep
        summary={summary}
        confirmLabel={ACTIONS[action].confirmLabel}
        busy={busy}
        onConfirm={() => void act(action)}
        onCancel={() => setAsking(null)}
      />
    );
  return (
    <>
      <h2>Order {order.number}</h2>
      <p>
        Status: <strong data-testid="order-status">{statusLabel(order.shippingStatus)}</strong>
        {' · '}Payment: <strong data-testid="payment-state">{data.money.state}</strong> · Placed{' '}
        {when(order.createdAt)}
      </p>
      <NoticeLine notice={notice} />
      {order.shippingAddress && <SlipLinks links={[[SLIP_TEXT.printOne, `ids=${order.id}`]]} />}
      {can('ship') && (
        <section className={styles.panel} aria-labelledby="ship-title">
          <h3 id="ship-title">Mark shipped</h3>
          <form className={styles.form} onSubmit={ship}>
            <label>
              Carrier
              <select value={carrier} onChange={(e) => setCarrier(e.target.value)}>
                {SHIP_CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {c === NO_CARRIER ? 'None (untracked letter mail)' : c}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Tracking number{carrier === NO_CARRIER ? ' (optional)' : ''}
              <input
                required={carrier !== NO_CARRIER}
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
              />
            </label>
            <button className={styles.button} type="submit" disabled={busy}>
              Mark shipped
            </button>
          </form>
          {confirmStep(
            'ship',
            carrier === NO_CARRIER && !tracking.trim()
              ? `Mark order ${order.number} shipped by untracked letter mail? The customer is emailed that it is on its way.`
              : `Mark order ${order.number} shipped with ${carrier} tracking ${tracking.trim()}? The customer is emailed the tracking link.`,
          )}
        </section>
      )}
      {can('deliver') && (
        <AskButton label="Mark delivered" busy={busy} onClick={() => setAsking('deliver')} />
      )}
      {confirmStep(
        'deliver',
        `Mark order ${order.number} delivered now? Its 14-day return window starts today.`,
      )}
      {can('retry_refund') && (
        <AskButton label="Retry the refund" busy={busy} onClick={() => setAsking('retry')} />
      )}
      {confirmStep(
        'retry',
        `Give back what is left of order ${order.number}: ${
          data.money.payments
            .filter((payment) => refundableCents(payment) > 0)
            .map((payment) => paymentLine({ ...payment, amountCents: refundableCents(payment) }))
            .join(', ') || formatCents(0)
        }?`,
      )}
      <OrderMoney money={data.money} charges={data.payments} />
      <PaymentRefunds
        orderId={order.id}
        number={order.number}
        payments={data.money.payments}
        onChanged={load}
      />
      {can('refund') && (
        <section className={styles.panel} aria-labelledby="refund-title">
          <h3 id="refund-title">Refund items</h3>
          <LineRefundForm
            key={order.id}
            orderId={order.id}
            number={order.number}
            lines={data.items}
            netCents={data.money.netCents}
            onChanged={(done) => {
              setNotice(done);
              load();
            }}
          />
        </section>
      )}
      <OrderRecord data={data} />
      <OrderNotes key={order.id} orderId={order.id} initial={data.notes ?? []} />
      {can('shop_cancel') && (
        // Apart from shipping, below the order's record: it cannot be undone.
        <section className={styles.dangerZone} aria-labelledby="cancel-title">
          <h3 id="cancel-title">Cancel the order</h3>
          <CancelOrderForm
            orderId={order.id}
            number={order.number}
            totalCents={order.totalCents}
            onChanged={(done) => {
              setNotice(done);
              load();
            }}
          />
        </section>
      )}
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
