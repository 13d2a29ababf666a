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

/** The confirm step's question: which orders are marked shipped, and who is emailed. */
function shipSummary(orders: ShippableOrder[]): string {
  const count = orders.length === 1 ? '1 order' : `${orders.length} orders`;
  const numbers = orders.map((order) => order.number).join(', ');
  return `Mark ${count} shipped (${numbers})? Each customer is emailed that their order is on its way.`;
}

interface ShipmentProps {
  number: number;
  carrier: string;
  tracking: string;
  onCarrier: (carrier: string) => void;
  onTracking: (tracking: string) => void;
}

/** One order's carrier and tracking number. */
function ShipmentFields({ number, carrier, tracking, onCarrier, onTracking }: ShipmentProps) {
  return (
    <fieldset className={styles.choices}>
      <legend>Order {number}</legend>
      <label>
        Carrier
        <select value={carrier} onChange={(e) => onCarrier(e.target.value)}>
          {SHIP_CARRIERS.map((choice) => (
            <option key={choice} value={choice}>
              {choice === NO_CARRIER ? 'None (untracked letter mail)' : choice}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tracking number{carrier === NO_CARRIER ? ' (optional)' : ''}
        <input value={tracking} onChange={(e) => onTracking(e.target.value)} />
      </label>
    </fieldset>
  );
}

/** Why the shipments cannot go (the first message of the shared schema, naming its order). */
function shipmentProblem(body: unknown, orders: ShippableOrder[]): string | null {
  const parsed = bulkShipBody.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const index = issue.path[1];
  const order = typeof index === 'number' ? orders[index] : undefined;
  return order ? `Order ${order.number}: ${issue.message}` : issue.message;
}

interface Props {
  selected: ShippableOrder[];
  onShipped: (notice: Notice) => void;
}

/**
 * Ship several orders at once from the orders list (issue 39 item 12): each selected order that
 * can ship gets its carrier and tracking number ("none" for untracked letter mail, which needs
 * none); one confirm sends them all. Each is shipped as a single ship (its emails, its audit row);
 * one that cannot ship any more is named in the answer, and the others still ship.
 */
export function BulkShip({ selected, onShipped }: Props) {
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
    const problem = shipmentProblem(body, orders);
    if (problem) {
      setNotice({ error: true, text: problem });
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
        <ShipmentFields
          key={order.id}
          number={order.number}
          carrier={carrierOf(order.id)}
          tracking={tracking[order.id] ?? ''}
          onCarrier={(carrier) => setCarriers({ ...carriers, [order.id]: carrier })}
          onTracking={(number) => setTracking({ ...tracking, [order.id]: number })}
        />
      ))}
      <FormSteps
        action={action}
        confirm={
          asking === 'ship'
            ? {
                summary: shipSummary(orders),
                confirmLabel: 'Yes, mark them shipped',
                onConfirm: () => void confirm(),
              }
            : null
        }
        onClose={() => setOpen(false)}
      />
    </form>
  );
}
