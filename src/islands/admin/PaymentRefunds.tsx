import { useState } from 'react';
import { formatCents } from '../../../core/money';
import { PAYMENT_REFUND_TEXT } from '../../../core/admin/order-money';
import {
  instrumentName,
  paymentLine,
  refundableCents,
  type PaymentView,
} from '../../../core/orders/payments';
import { ConfirmStep } from './ConfirmStep';
import { newKey } from './new-key';
import { AskButton, NoticeLine, useAdminAction } from './useAdminAction';

/**
 * Each instrument that paid the order (issue 35), what it paid and gave back, and the owner's
 * refund of what is left on it: a gift card's part goes back on the card, a card's through the
 * payment provider. One key per confirm step, so a retried click refunds once.
 */
export function PaymentRefunds({
  orderId,
  number,
  payments,
  onChanged,
}: {
  orderId: string;
  number: number;
  payments: PaymentView[];
  onChanged: () => void;
}) {
  const { asking, setAsking, busy, notice, send } = useAdminAction<string>();
  const [key, setKey] = useState(newKey);
  if (payments.length === 0) return null;

  async function refund(payment: PaymentView) {
    const amount = formatCents(refundableCents(payment));
    const result = await send(
      `/admin/orders/${orderId}/refund-payment`,
      { paymentId: payment.id, amountCents: refundableCents(payment), idempotencyKey: key },
      PAYMENT_REFUND_TEXT.done(amount),
    );
    if (result.ok) {
      setKey(newKey());
      onChanged();
    }
  }

  return (
    <div data-testid="payment-refunds">
      <h4>Paid with</h4>
      <NoticeLine notice={notice} />
      <ul>
        {payments.map((payment) => {
          const left = refundableCents(payment);
          const amount = formatCents(left);
          const instrument = instrumentName(payment);
          return (
            <li key={payment.id}>
              {paymentLine(payment)}
              {payment.refundedCents > 0 && `, ${formatCents(payment.refundedCents)} refunded`}
              {left > 0 && (
                <AskButton
                  label={PAYMENT_REFUND_TEXT.button(amount, instrument)}
                  busy={busy}
                  onClick={() => setAsking(payment.id)}
                />
              )}
              {asking === payment.id && (
                <ConfirmStep
                  summary={PAYMENT_REFUND_TEXT.confirm(amount, instrument, number)}
                  confirmLabel="Yes, refund"
                  danger
                  busy={busy}
                  onConfirm={() => void refund(payment)}
                  onCancel={() => setAsking(null)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
