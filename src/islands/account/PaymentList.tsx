import { formatCents } from '../../../core/money';
import { paymentLine, type PaymentView } from '../../../core/orders/payments';

/**
 * Each instrument that paid an order and its amount, the gift card's first (issue 35): "Gift card
 * ending in 5R64 — $100.00", "Visa ending in 4242 — $58.90", with what each gave back. An order a
 * gift card paid in full names no card.
 */
export function PaymentList({ payments }: { payments: PaymentView[] | undefined }) {
  if (!payments || payments.length === 0) return null;
  return (
    <ul className="paid-with" data-testid="paid-with" style={{ listStyle: 'none', padding: 0 }}>
      {payments.map((payment) => (
        <li key={payment.id}>
          {paymentLine(payment)}
          {payment.refundedCents > 0 && ` (${formatCents(payment.refundedCents)} refunded)`}
        </li>
      ))}
    </ul>
  );
}
