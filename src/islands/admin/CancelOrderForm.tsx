import { useState, type FormEvent } from 'react';
import {
  CANCEL_REASONS,
  CANCEL_REASON_LABELS,
  cancelBody,
  cancelReasonText,
  type CancelReason,
} from '../../../core/admin/cancel-reason';
import { formatCents } from '../../../core/money';
import { ADMIN_TEXT } from './RequireAdmin';
import { AskButton, FormSteps, NoticeLine, useAdminAction, type Notice } from './useAdminAction';
import styles from './Admin.module.css';

interface Props {
  orderId: string;
  number: number;
  totalCents: number;
  /**
   * The order was canceled, or its refund failed (refund_failed): the page shows `notice` and
   * reads the order again (this form is gone then).
   */
  onChanged: (notice: Notice) => void;
}

/** The confirm step's question: the order, the amount, and the reason the customer is told. */
function cancelSummary(
  number: number,
  totalCents: number,
  body: { reason: CancelReason; note: string | null },
) {
  const why = cancelReasonText(body.reason, body.note);
  return `Cancel order ${number} and refund ${formatCents(totalCents)} to the customer's card? The stock goes back and the customer is emailed that the shop canceled it (${why}).`;
}

interface ReasonProps {
  reason: CancelReason | '';
  note: string;
  onReason: (reason: CancelReason) => void;
  onNote: (note: string) => void;
}

/** Why the order is canceled (the customer is told), in the owner's words for "other". */
function CancelReasonFields({ reason, note, onReason, onNote }: ReasonProps) {
  return (
    <>
      <fieldset className={styles.choices}>
        <legend>Why is the order canceled? (the customer is told)</legend>
        {CANCEL_REASONS.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="cancel-reason"
              value={value}
              checked={reason === value}
              onChange={() => onReason(value)}
            />{' '}
            {CANCEL_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {reason === 'other' && (
        <label>
          The reason, in your words (emailed to the customer)
          <textarea
            value={note}
            maxLength={500}
            rows={3}
            onChange={(e) => onNote(e.target.value)}
          />
        </label>
      )}
    </>
  );
}

/**
 * The owner's "Cancel and refund" (issue 25 point 2): first why (out of stock, cannot ship to the
 * address, suspected fraud, or other in the owner's words), checked with the API's own schema,
 * then the confirm step; the customer is emailed that the shop canceled it and why.
 */
export function CancelOrderForm({ orderId, number, totalCents, onChanged }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const action = useAdminAction<'cancel'>();
  const { asking, setAsking, busy, notice, setNotice, send } = action;
  const body = { reason, note };

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsed = cancelBody.safeParse(body);
    if (!parsed.success) {
      setNotice({ error: true, text: parsed.error.issues[0]!.message });
      return;
    }
    setNotice(null);
    setAsking('cancel');
  }

  async function confirm() {
    const done = 'Canceled and refunded; the customer was emailed why.';
    const result = await send(`/admin/orders/${orderId}/cancel`, body, done);
    // Done, or left refund_failed: the page says so (its order has moved on; this form closes).
    if (!result.ok && result.status !== 503) return;
    setNotice(null);
    setOpen(false);
    onChanged(
      result.ok
        ? { error: false, text: done }
        : { error: true, text: result.error || ADMIN_TEXT.failed },
    );
  }

  if (!open) {
    return (
      <>
        <NoticeLine notice={notice} />
        <AskButton label="Cancel and refund" danger busy={busy} onClick={() => setOpen(true)} />
      </>
    );
  }
  const parsed = cancelBody.safeParse(body);
  return (
    <form className={styles.form} onSubmit={ask} aria-labelledby="cancel-form-title">
      <h4 id="cancel-form-title">Cancel and refund</h4>
      <CancelReasonFields reason={reason} note={note} onReason={setReason} onNote={setNote} />
      <FormSteps
        action={action}
        confirm={
          asking === 'cancel' && parsed.success
            ? {
                summary: cancelSummary(number, totalCents, parsed.data),
                confirmLabel: 'Yes, cancel and refund',
                danger: true,
                onConfirm: () => void confirm(),
              }
            : null
        }
        submitLabel="Continue"
        closeLabel="Keep the order"
        onClose={() => setOpen(false)}
      />
    </form>
  );
}
