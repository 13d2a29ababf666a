import type { Dispatch, SetStateAction } from 'react';
import { formatCents } from '../../../core/money';
import { CardTable, type Column } from './CardTable';
import { when } from './RequireAdmin';
import { lineName, UnitsInput } from './ReturnRestockFields';
import type { ReturnDetail } from './useReturnDetail';
import { statusLabel } from './words';
import styles from './Admin.module.css';

type RefundLine = ReturnDetail['lines'][number];

/** A received return's refund: the units of each line to refund, and what that gives back. */
export function ReturnRefundFields({
  formId,
  lines,
  quantities,
  onQuantities,
  paidCents,
  refundedCents,
  refundCents,
  onRefund,
}: {
  formId: string;
  lines: RefundLine[];
  quantities: Record<string, string>;
  onQuantities: Dispatch<SetStateAction<Record<string, string>>>;
  paidCents: number;
  refundedCents: number;
  refundCents: number;
  onRefund: () => void;
}) {
  const refundColumns: Column<RefundLine>[] = [
    {
      label: 'Line',
      cell: (line) => `${lineName(line)}, ${formatCents(line.unitPriceCents)} each`,
    },
    { label: 'Bought', cell: (line) => line.quantity },
    { label: 'Refunded', cell: (line) => line.refundedQuantity },
    {
      label: 'Refund now',
      cell: (line) => (
        <UnitsInput
          id={`${formId}-${line.id}`}
          max={line.quantity - line.refundedQuantity}
          value={quantities[line.id] ?? '0'}
          onChange={(units) => onQuantities((current) => ({ ...current, [line.id]: units }))}
          label={`Units of ${lineName(line)} to refund`}
        />
      ),
    },
  ];

  return (
    <fieldset>
      <legend>Refund part of the order</legend>
      <CardTable rows={lines} columns={refundColumns} keyOf={(line) => line.id} />
      <p>
        Paid {formatCents(paidCents)}, refunded so far {formatCents(refundedCents)}; this refund:{' '}
        <strong>{formatCents(refundCents)}</strong>
      </p>
      <button className={styles.button} type="button" onClick={onRefund}>
        Refund {formatCents(refundCents)}
      </button>
    </fieldset>
  );
}

/** The refunds already made for the return's order, newest as the server lists them. */
export function ReturnRefundList({ refunds }: { refunds: ReturnDetail['refunds'] }) {
  if (refunds.length === 0) return null;
  return (
    <ul>
      {refunds.map((refund) => (
        <li key={refund.id}>
          {when(refund.createdAt)}: refund of {formatCents(refund.amountCents)} (
          {statusLabel(refund.status)})
        </li>
      ))}
    </ul>
  );
}
