import { useState, type FormEvent } from 'react';
import { BULK_SHIP_TEXT, bulkShipBody, NO_CARRIER, SHIP_CARRIERS } from '../../../core/admin/model';
import { AskButton, FormSteps, useAdminAction, type Notice } from './useAdminAction';
import styles from './Admin.module.css';

/** An order of the list that may be shipped with the others. */
export interface ShippableOrder {
  id: string;
  number: number;
  canShip: boolean;
}

interface Answer {
  shipped: number;
  results: { orderId: string; number: number | null; shipped: boolean; error?: string }[];
}

/** What the page says once the orders went: how many shipped, then each refused one by number. */
export function bulkShipNotice(answer: Answer): Notice {
  const refused = answer.results.filter((result) => !result.shipped);
  const shipped =
    answer.shipped === 1
      ? 'Shipped 1 order; its customer was emailed.'
      : `Shipped ${answer.shipped} orders; each customer was emailed.`;
  const notShipped = refused.map(
    (result) => `Order ${result.number ?? result.orderId} was not shipped: ${result.error}`,
  );
  return { error: refused.length > 0, text: [shipped, ...notShipped].join(' ') };
}

/**
 * Ship several orders at once from the orders list (issue 39 item 12): each selected order that
 * can ship gets its carrier and tracking number ("none" for untracked letter mail, which needs
 * none); one confirm sends them all. Each is shipped as a single ship (its emails, its audit row);
 * one that cannot ship any more is named in the answer, and the others still ship.
 */
export function BulkShip({
  selected,
  onShipped,
}: {
  selected: ShippableOrder[];
  onShipped: (notice: Notice) => void;
}) {
  const [open, setOpen] = useState(false);
  const [carriers, setCarriers] = useState<Record<string, string>>({});
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const action = useAdminAction<'ship'>();
  const { asking, setAsking, busy, setNotice, send } = action;
  const orders = selected.filter((order) => order.canShip);
  const carrierOf = (id: string) => carriers[id] ?? 'USPS';
  const body = {
    shipments: orders.map((order) => ({
      orderId: order.id,
      carrier: carrierOf(order.id),
      trackingNumber: tracking[order.id] ?? '',
    })),
  };

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsed = bulkShipBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const index = issue.path[1];
      const order = typeof index === 'number' ? orders[index] : undefined;
      setNotice({
        error: true,
        text: order ? `Order ${order.number}: ${issue.message}` : issue.message,
      });
      return;
    }
    setNotice(null);
    setAsking('ship');
  }

  async function confirm() {
    const result = await send<Answer>('/admin/orders/ship-many', body, '');
    if (!result.ok) return;
    setNotice(null);
    setOpen(false);
    onShipped(bulkShipNotice(result.data));
  }

  if (!open) {
    return (
      <AskButton
        label={orders.length > 0 ? `Ship ${orders.length} selected` : 'Ship selected'}
        busy={busy || orders.length === 0}
        onClick={() => setOpen(true)}
      />
    );
  }
  if (orders.length === 0) return <p>{BULK_SHIP_TEXT.none}</p>;
  return (
    <form className={styles.form} onSubmit={ask} aria-label="Ship the selected orders">
      {orders.map((order) => (
        <fieldset key={order.id} className={styles.choices}>
          <legend>Order {order.number}</legend>
          <label>
            Carrier
            <select
              value={carrierOf(order.id)}
              onChange={(e) => setCarriers({ ...carriers, [order.id]: e.target.value })}
            >
              {SHIP_CARRIERS.map((carrier) => (
                <option key={carrier} value={carrier}>
                  {carrier === NO_CARRIER ? 'None (untracked letter mail)' : carrier}
                </option>
              ))}
            </select>
          </label>
          <label>
            Tracking number{carrierOf(order.id) === NO_CARRIER ? ' (optional)' : ''}
            <input
              value={tracking[order.id] ?? ''}
              onChange={(e) => setTracking({ ...tracking, [order.id]: e.target.value })}
            />
          </label>
        </fieldset>
      ))}
      <FormSteps
        action={action}
        confirm={
          asking === 'ship'
            ? {
                summary: `Mark ${orders.length === 1 ? '1 order' : `${orders.length} orders`} shipped (${orders
                  .map((order) => order.number)
                  .join(', ')})? Each customer is emailed that their order is on its way.`,
                confirmLabel: 'Yes, mark them shipped',
                onConfirm: () => void confirm(),
              }
            : null
        }
        submitLabel="Continue"
        closeLabel="Close"
        onClose={() => setOpen(false)}
      />
    </form>
  );
}
