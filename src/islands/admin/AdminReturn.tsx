import { useCallback, useEffect, useId, useState } from 'react';
import { declineBody, refundBody } from '../../../core/admin/model';
import { receiveBody, RESTOCK_MESSAGES } from '../../../core/admin/return-restock';
import { api } from '../../lib/api-client';
import { ConfirmStep } from './ConfirmStep';
import { formatCents } from '../../../core/money';
import { refundAmount } from '../../../core/admin/refund-amount';
import { ADMIN_TEXT, when } from './RequireAdmin';
import {
  allBackOnSale,
  lineName,
  restockBody,
  restockFits,
  ReturnRestockFields,
  type RestockChoice,
  UnitsInput,
} from './ReturnRestockFields';
import { CardTable, type Column } from './CardTable';
import { newKey } from './new-key';
import { ReturnDecline } from './ReturnDecline';
import { AskButton, NoticeLine, useAdminAction } from './useAdminAction';
import { statusLabel } from './words';
import styles from './Admin.module.css';

interface ReturnDetail {
  request: {
    id: string;
    status: 'requested' | 'approved' | 'received' | 'refunded' | 'declined';
    message: string;
    declineReason: string | null;
  };
  order: { id: string; number: number; email: string; totalCents: number };
  items: { orderItemId: string; quantity: number; title: string; variantTitle: string | null }[];
  lines: {
    id: string;
    title: string;
    variantTitle: string | null;
    quantity: number;
    unitPriceCents: number;
    /** The line's own sales tax, in cents: a refund gives back its share. */
    taxCents: number;
    refundedQuantity: number;
  }[];
  refunds: { id: string; amountCents: number; status: string; createdAt: string }[];
  refundedCents: number;
}

type Action = 'approve' | 'decline' | 'receive' | 'refund';

const STEP_TEXT: Record<Action, { label: string; done: string }> = {
  approve: {
    label: 'Approve',
    done: 'Approved; the customer was emailed the return instructions.',
  },
  decline: { label: 'Decline', done: 'Declined; the customer was emailed the reason.' },
  receive: {
    label: 'Mark received',
    done: 'Marked received; the units back on sale are in stock. You can refund it now.',
  },
  refund: { label: 'Refund', done: 'Refunded; the customer was emailed.' },
};

/**
 * One return request in the inbox (issue 14): requested → approved → received → refunded, or
 * declined with a reason. Every action has a confirm step; the refund picks lines and quantities.
 */
export function AdminReturn({
  id,
  onChanged,
}: {
  id: string;
  onChanged: (status: string) => void;
}) {
  const formId = useId();
  const [data, setData] = useState<ReturnDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const { asking, setAsking, busy, notice, setNotice, send: sendAction } = useAdminAction<Action>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState<Record<string, RestockChoice>>({});
  // One key per refund attempt: a double click or a network retry refunds once.
  const [refundKey, setRefundKey] = useState(() => newKey());

  const load = useCallback(() => {
    void api.get<ReturnDetail>(`/admin/returns/${id}`).then((result) => {
      if (!result.ok) {
        setFailed(true);
        return;
      }
      setData(result.data);
      setRestock(allBackOnSale(result.data.items));
      const returned = new Map(result.data.items.map((item) => [item.orderItemId, item.quantity]));
      setQuantities(
        Object.fromEntries(
          result.data.lines.map((line) => [
            line.id,
            String(Math.min(returned.get(line.id) ?? 0, line.quantity - line.refundedQuantity)),
          ]),
        ),
      );
    });
  }, [id]);
  useEffect(load, [load]);

  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!data) return <p role="status">Loading the return request...</p>;
  const { request, order } = data;
  const returned = data.items;

  const refundLines = data.lines
    .map((line) => ({ line, quantity: Number(quantities[line.id] ?? 0) }))
    .filter(({ quantity }) => Number.isInteger(quantity) && quantity > 0);
  // What the server will give back for these lines (it decides the same way, refund-amount.ts).
  const refundCents = refundAmount(
    data.lines,
    refundLines.map(({ line, quantity }) => ({ orderItemId: line.id, quantity })),
    order.totalCents,
    data.refundedCents,
  ).amountCents;

  /**
   * What an action sends: the reason of a decline, the units back on sale of a receive, the lines
   * of a refund, nothing otherwise.
   */
  const bodyOf = (action: Action) =>
    action === 'decline'
      ? { reason }
      : action === 'receive'
        ? restockBody(data.items, restock)
        : action === 'refund'
          ? {
              idempotencyKey: refundKey,
              lines: refundLines.map(({ line, quantity }) => ({ orderItemId: line.id, quantity })),
            }
          : {};
  const backOnSale = restockBody(data.items, restock)
    .restock.map((line, i) => `${line.quantity} × ${lineName(data.items[i]!)}`)
    .join(', ');

  /** The first step: checks the form with the API's own schema, then asks to confirm. */
  function ask(action: Action) {
    setNotice(null);
    const schema =
      action === 'decline'
        ? declineBody
        : action === 'refund'
          ? refundBody
          : action === 'receive'
            ? receiveBody
            : null;
    const parsed = schema?.safeParse(bodyOf(action));
    if (action === 'decline')
      setReasonError(parsed?.success ? null : parsed!.error.issues[0]!.message);
    if (parsed && !parsed.success) {
      if (action === 'decline') return;
      setNotice({ error: true, text: parsed.error.issues[0]!.message });
      return;
    }
    if (action === 'receive' && !restockFits(returned, restock)) {
      setNotice({ error: true, text: RESTOCK_MESSAGES.units });
      return;
    }
    setAsking(action);
  }

  async function send(action: Action) {
    const result = await sendAction<{ status: string }>(
      `/admin/returns/${id}/${action}`,
      bodyOf(action),
      STEP_TEXT[action].done,
    );
    if (result.ok) {
      onChanged(action === 'refund' ? 'refunded' : result.data.status);
      load();
    } else if (action === 'refund') {
      // A refused refund is over: the next attempt is a new one.
      setRefundKey(newKey());
    }
  }

  const summary: Record<Action, string> = {
    approve: `Approve this return for order ${order.number}? ${order.email} is emailed the return instructions.`,
    decline: `Decline this return for order ${order.number}? ${order.email} is emailed your reason.`,
    receive: `Mark the parcel for order ${order.number} received? Back on sale: ${backOnSale || 'nothing'}.`,
    refund: `Refund ${formatCents(refundCents)} for order ${order.number} to the customer's card?`,
  };

  const refundColumns: Column<ReturnDetail['lines'][number]>[] = [
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
          onChange={(units) => setQuantities((current) => ({ ...current, [line.id]: units }))}
          label={`Units of ${lineName(line)} to refund`}
        />
      ),
    },
  ];

  return (
    <div className={styles.panel}>
      <p>
        Status: <strong data-testid="return-status">{statusLabel(request.status)}</strong>
        {request.declineReason ? ` (reason: ${request.declineReason})` : ''}
      </p>
      {data.items.length > 0 && (
        <p>
          Sending back:{' '}
          {data.items
            .map(
              (item) =>
                `${item.quantity} × ${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
            )
            .join(', ')}
        </p>
      )}
      <NoticeLine notice={notice} />
      {request.status === 'requested' && (
        <>
          <AskButton label="Approve" onClick={() => ask('approve')} />
          <ReturnDecline
            reason={reason}
            onReason={(text) => {
              setReason(text);
              setReasonError(null);
            }}
            error={reasonError}
            onDecline={() => ask('decline')}
          />
        </>
      )}
      {request.status === 'approved' && (
        <>
          <ReturnRestockFields lines={data.items} choices={restock} onChange={setRestock} />
          <AskButton label="Mark received" onClick={() => ask('receive')} />
        </>
      )}
      {request.status === 'received' && (
        <fieldset>
          <legend>Refund part of the order</legend>
          <CardTable rows={data.lines} columns={refundColumns} keyOf={(line) => line.id} />
          <p>
            Paid {formatCents(order.totalCents)}, refunded so far {formatCents(data.refundedCents)};
            this refund: <strong>{formatCents(refundCents)}</strong>
          </p>
          <button className={styles.button} type="button" onClick={() => ask('refund')}>
            Refund {formatCents(refundCents)}
          </button>
        </fieldset>
      )}
      {asking && (
        <ConfirmStep
          summary={summary[asking]}
          confirmLabel={`Yes, ${STEP_TEXT[asking].label.toLowerCase()}`}
          danger={asking === 'decline'}
          busy={busy}
          onConfirm={() => void send(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
      {data.refunds.length > 0 && (
        <ul>
          {data.refunds.map((refund) => (
            <li key={refund.id}>
              {when(refund.createdAt)}: refund of {formatCents(refund.amountCents)} (
              {statusLabel(refund.status)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
