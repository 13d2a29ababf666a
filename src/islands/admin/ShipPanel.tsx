import type { FormEvent, ReactNode } from 'react';
import { NO_CARRIER, SHIP_CARRIERS } from '../../../core/admin/model';
import { formatCents } from '../../../core/money';
import { paymentLine, refundableCents } from '../../../core/orders/payments';
import type { OrderAnswer } from './useOrderAnswer';
import styles from './Admin.module.css';

/** The question before marking an order shipped, by letter mail or with its tracking. */
export function shipSummary(number: number, carrier: string, tracking: string) {
  return carrier === NO_CARRIER && !tracking.trim()
    ? `Mark order ${number} shipped by untracked letter mail? The customer is emailed that it is on its way.`
    : `Mark order ${number} shipped with ${carrier} tracking ${tracking.trim()}? The customer is emailed the tracking link.`;
}

/** The question before retrying a refund: what is left to give back on each payment. */
export function retrySummary(number: number, payments: OrderAnswer['money']['payments']) {
  return `Give back what is left of order ${number}: ${
    payments
      .filter((payment) => refundableCents(payment) > 0)
      .map((payment) => paymentLine({ ...payment, amountCents: refundableCents(payment) }))
      .join(', ') || formatCents(0)
  }?`;
}

/** The "Mark shipped" form: carrier and tracking number; its confirm step comes as children. */
export function ShipPanel({
  carrier,
  onCarrier: setCarrier,
  tracking,
  onTracking: setTracking,
  busy,
  onShip: ship,
  children,
}: {
  carrier: string;
  onCarrier: (carrier: string) => void;
  tracking: string;
  onTracking: (tracking: string) => void;
  busy: boolean;
  onShip: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
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
      {children}
    </section>
  );
}
