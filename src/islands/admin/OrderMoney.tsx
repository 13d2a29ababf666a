import type { OrderMoney as Money } from '../../../core/admin/order-money';
import { formatCents } from '../../../core/money';
import type { OrderDetail } from './OrderRecord';
import { when } from './RequireAdmin';
import { statusLabel } from './words';
import styles from './Admin.module.css';
import own from './OrderMoney.module.css';

/**
 * An order's money as the server recomputed it (issue 25 point 3): paid, each refund with its
 * date, lines, amount and the gateway's reference, what was refunded in all, and net; then the
 * charges themselves.
 */
export function OrderMoney({ money, charges }: { money: Money; charges: OrderDetail['payments'] }) {
  return (
    <section className={styles.panel} aria-labelledby="money-title">
      <h3 id="money-title">Payment</h3>
      <dl className={own.figures}>
        <div>
          <dt>Paid</dt>
          <dd data-testid="money-paid">{formatCents(money.paidCents)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-testid="money-refunded">{formatCents(money.refundedCents)}</dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd data-testid="money-net">
            <strong>{formatCents(money.netCents)}</strong>
          </dd>
        </div>
      </dl>
      {charges.map((charge) => (
        <p key={charge.reference}>
          Charge: {charge.provider} {charge.reference} ({statusLabel(charge.status)}
          {charge.brand ? `, ${charge.brand} ending ${charge.last4}` : ''})
        </p>
      ))}
      {money.refunds.length > 0 && (
        <>
          <h4>Refunds</h4>
          <ul data-testid="refunds">
            {money.refunds.map((refund) => (
              <li key={refund.id}>
                {when(String(refund.createdAt))}: {formatCents(refund.amountCents)} for{' '}
                {refund.lines.map((line) => `${line.quantity} × ${line.title}`).join(', ')}
                {refund.reference ? `, reference ${refund.reference}` : ', no gateway reference'}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
