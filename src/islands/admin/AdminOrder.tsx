import { CancelOrderForm } from './CancelOrderForm';
import { OrderMoney } from './OrderMoney';
import { PaymentRefunds } from './PaymentRefunds';
import { LineRefundForm } from './LineRefundForm';
import { OrderRecord } from './OrderRecord';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { OrderFulfilment, type OrderStep } from './OrderFulfilment';
import { statusLabel } from './words';
import { NoticeLine, useAdminAction } from './useAdminAction';
import { useOrderAnswer } from './useOrderAnswer';
import styles from './Admin.module.css';
import { OrderNotes } from './OrderNotes';
import { SlipLinks } from './SlipLinks';
import { SLIP_TEXT } from '../../../core/admin/slips';
import { ORDER_STATE, type OrderAction } from '../../../core/orders/lifecycle';
import { formatArrivalRange, type PromisedWindow } from '../../../core/arrival';
import { SHIP_BY_TEXT, shipByLabel, shipByMark } from '../../../core/admin/ship-by';
import { shopDayOf } from '../../../core/shop-calendar';

/**
 * The window promised at checkout and the day its parcel must leave by (issue 41), stored with the
 * order: "Promised arrival: Dec 7–10 · Ship by Dec 1", marked "Ship today" / "Late" while unfulfilled.
 */
function PromisedLine({ promised, status }: { promised?: PromisedWindow; status: string }) {
  if (!promised) return null;
  const toShip = status === ORDER_STATE.unfulfilled;
  const mark = shipByMark(promised.shipBy, shopDayOf(new Date()), toShip);
  const shipBy = shipByLabel(promised.shipBy, mark);
  return (
    <p data-testid="order-promised" data-ship-mark={mark ?? undefined}>
      Promised arrival: {formatArrivalRange(promised)} · {SHIP_BY_TEXT.column}{' '}
      {mark ? <strong>{shipBy}</strong> : shipBy}
    </p>
  );
}

/** One order in the back office: its status, the fulfilment actions open to it, and its record. */
function OrderBody({ id }: { id: string }) {
  const { data, failed, load } = useOrderAnswer(id);
  const action = useAdminAction<OrderStep>();
  const { notice, setNotice } = action;

  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!data) return <p role="status">Loading the order...</p>;
  const { order } = data;
  // Only what the server allows for this order's state and kind (the lifecycle table).
  const can = (action: OrderAction) => data.actions?.includes(action) ?? false;
  return (
    <>
      <h2>Order {order.number}</h2>
      <p>
        Status: <strong data-testid="order-status">{statusLabel(order.shippingStatus)}</strong>
        {' · '}Payment: <strong data-testid="payment-state">{data.money.state}</strong> · Placed{' '}
        {when(order.createdAt)}
      </p>
      <PromisedLine promised={order.promised} status={order.shippingStatus} />
      <NoticeLine notice={notice} />
      {order.shippingAddress && <SlipLinks links={[[SLIP_TEXT.printOne, `ids=${order.id}`]]} />}
      <OrderFulfilment id={id} data={data} can={can} action={action} load={load} />
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
