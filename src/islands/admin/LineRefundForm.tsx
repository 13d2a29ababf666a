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
 * The units chosen (whole numbers above zero), the amount as the server computes it (all of what
 * is left when every unit goes back), and whether a gift card is among them.
 */
function refundPlan(lines: RefundFormLine[], units: Record<string, string>, netCents: number) {
  const chosen = lines
    .filter((line) => line.quantity > line.refundedQuantity)
    .map((line) => ({ orderItemId: line.id, quantity: Number(units[line.id] || 0) }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
  const figures = lineRefund(lines, chosen);
  const amountCents = figures.everyUnit ? Math.max(netCents, 0) : figures.amountCents;
  const cards = chosen.some(
    (choice) => lines.find((line) => line.id === choice.orderItemId)?.kind === 'gift_card',
  );
  return { chosen, everyUnit: figures.everyUnit, amountCents, cards };
}

interface UnitsProps {
  lines: RefundFormLine[];
  units: Record<string, string>;
  onChange: (units: Record<string, string>) => void;
}

/** How many units of each line not yet refunded go back. */
function RefundUnits({ lines, units, onChange }: UnitsProps) {
  return (
    <fieldset className={styles.choices}>
      <legend>Units to refund</legend>
      {lines.map((line) => {
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
              onChange={(e) => onChange({ ...units, [line.id]: e.target.value })}
            />
          </label>
        );
      })}
    </fieldset>
  );
}

/** The confirm step's question: the amount, the order, the stock, and what voids a gift card. */
function refundSummary(amountCents: number, number: number, restock: boolean, cards: boolean) {
  const voided = ' The gift cards refunded are voided; what they already paid for is not refunded.';
  return (
    LINE_REFUND_TEXT.confirm(formatCents(amountCents), number, restock) + (cards ? voided : '')
  );
}

interface ReasonProps {
  reason: string;
  restock: boolean;
  onReason: (reason: string) => void;
  onRestock: (restock: boolean) => void;
}

/** Why the refund is made (kept in the order's history), and whether the units go back in stock. */
function RefundReason({ reason, restock, onReason, onRestock }: ReasonProps) {
  return (
    <>
      <label>
        Why (kept with the refund in the order&apos;s history)
        <textarea
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(e) => onReason(e.target.value)}
        />
      </label>
      <label>
        <input type="checkbox" checked={restock} onChange={(e) => onRestock(e.target.checked)} />{' '}
        {LINE_REFUND_TEXT.restock}
      </label>
    </>
  );
}

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

  const { chosen, everyUnit, amountCents, cards } = refundPlan(lines, units, netCents);
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
    const done = result.data.orderStatus ? LINE_REFUND_TEXT.closed : LINE_REFUND_TEXT.done;
    onChanged({ error: false, text: done(amount) });
  }

  if (!open) {
    return (
      <>
        <NoticeLine notice={notice} />
        <AskButton label="Refund items" busy={busy} onClick={() => setOpen(true)} />
      </>
    );
  }
  return (
    <form className={styles.form} onSubmit={ask} aria-label="Refund items">
      <RefundUnits lines={refundable} units={units} onChange={setUnits} />
      <RefundReason reason={reason} restock={restock} onReason={setReason} onRestock={setRestock} />
      <p data-testid="refund-amount">
        Amount to refund: <strong>{formatCents(amountCents)}</strong>
        {everyUnit && chosen.length > 0 ? ' (every item: the whole order closes)' : ''}
      </p>
      <FormSteps
        action={action}
        confirm={
          asking === 'refund'
            ? {
                summary: refundSummary(amountCents, number, restock, cards),
                confirmLabel: 'Yes, refund',
                danger: true,
                onConfirm: () => void confirm(),
              }
            : null
        }
        onClose={() => setOpen(false)}
      />
    </form>
  );
}
