import { useState, type FormEvent } from 'react';
import {
  LINE_REFUND_TEXT,
  lineRefund,
  lineRefundBody,
  type RefundableOrderLine,
} from '../../../core/admin/line-refund';
import { formatCents } from '../../../core/money';
import { newKey } from './new-key';
import { AskButton, FormSteps, NoticeLine, useAdminAction, type Notice } from './useAdminAction';
import styles from './Admin.module.css';

/** A line of the order as the refund form shows it. */
export interface RefundFormLine extends RefundableOrderLine {
  title: string;
  variantTitle: string | null;
  kind?: string;
}

interface Props {
  orderId: string;
  number: number;
  lines: RefundFormLine[];
  /** What is left of the order's payments: the last units give it all back. */
  netCents: number;
  onChanged: (notice: Notice) => void;
}

const nameOf = (line: RefundFormLine) =>
  line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title;

/**
 * The owner's refund of chosen lines and units (issue 39 item 7): how many units of each line
 * (only those not yet refunded), why, and whether they go back in stock (off by default); the
 * amount is shown as the server computes it (each line's price and its share of its own tax)
 * and confirmed in the page's own step. One key per form, so a retried click refunds once.
 */
export function LineRefundForm({ orderId, number, lines, netCents, onChanged }: Props) {
  const [open, setOpen] = useState(false);
  const [units, setUnits] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [key, setKey] = useState(newKey);
  const action = useAdminAction<'refund'>();
  const { asking, setAsking, busy, notice, setNotice, send } = action;

  const refundable = lines.filter((line) => line.quantity > line.refundedQuantity);
  if (refundable.length === 0) return null;

  const chosen = refundable
    .map((line) => ({ orderItemId: line.id, quantity: Number(units[line.id] || 0) }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
  const figures = lineRefund(lines, chosen);
  const amountCents = figures.everyUnit ? Math.max(netCents, 0) : figures.amountCents;
  const cards = chosen.some(
    (choice) => lines.find((line) => line.id === choice.orderItemId)?.kind === 'gift_card',
  );
  const body = { idempotencyKey: key, lines: chosen, reason, restock };

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsed = lineRefundBody.safeParse(body);
    if (!parsed.success) {
      setNotice({ error: true, text: parsed.error.issues[0]!.message });
      return;
    }
    setNotice(null);
    setAsking('refund');
  }

  async function confirm() {
    const result = await send<{ amountCents: number; orderStatus: string | null }>(
      `/admin/orders/${orderId}/refund-lines`,
      body,
      '',
    );
    if (!result.ok) return;
    const amount = formatCents(result.data.amountCents);
    setKey(newKey());
    setUnits({});
    setReason('');
    setRestock(false);
    setOpen(false);
    setNotice(null);
    onChanged({
      error: false,
      text: result.data.orderStatus
        ? LINE_REFUND_TEXT.closed(amount)
        : LINE_REFUND_TEXT.done(amount),
    });
  }

  if (!open) {
    return (
      <>
        <NoticeLine notice={notice} />
        <AskButton label="Refund items" busy={busy} onClick={() => setOpen(true)} />
      </>
    );
  }
  const summary =
    LINE_REFUND_TEXT.confirm(formatCents(amountCents), number, restock) +
    (cards
      ? ' The gift cards refunded are voided; what they already paid for is not refunded.'
      : '');
  return (
    <form className={styles.form} onSubmit={ask} aria-label="Refund items">
      <fieldset className={styles.choices}>
        <legend>Units to refund</legend>
        {refundable.map((line) => {
          const left = line.quantity - line.refundedQuantity;
          return (
            <label key={line.id}>
              {nameOf(line)} ({left} of {line.quantity} can be refunded)
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                value={units[line.id] ?? ''}
                placeholder="0"
                onChange={(e) => setUnits({ ...units, [line.id]: e.target.value })}
              />
            </label>
          );
        })}
      </fieldset>
      <label>
        Why (kept with the refund in the order&apos;s history)
        <textarea
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <label>
        <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />{' '}
        {LINE_REFUND_TEXT.restock}
      </label>
      <p data-testid="refund-amount">
        Amount to refund: <strong>{formatCents(amountCents)}</strong>
        {figures.everyUnit && chosen.length > 0 ? ' (every item: the whole order closes)' : ''}
      </p>
      <FormSteps
        action={action}
        confirm={
          asking === 'refund'
            ? {
                summary,
                confirmLabel: 'Yes, refund',
                danger: true,
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
