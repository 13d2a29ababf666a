import { useState } from 'react';
import { RESTOCK_MESSAGES } from '../../../core/admin/return-restock';
import { newKey } from './new-key';
import { type Action, refundOf, STEP_SCHEMA, STEP_TEXT } from './return-steps';
import { restockBody, restockFits, type RestockChoice } from './ReturnRestockFields';
import { useAdminAction } from './useAdminAction';
import type { ReturnDetail } from './useReturnDetail';

/**
 * The owner's steps on a loaded return request: each is checked with the API's own schema, then
 * confirmed, then sent; a sent step reloads the request and tells the inbox its new status.
 */
export function useReturnSteps({
  id,
  data,
  quantities,
  restock,
  load,
  onChanged,
}: {
  id: string;
  data: ReturnDetail;
  quantities: Record<string, string>;
  restock: Record<string, RestockChoice>;
  load: () => void;
  onChanged: (status: string) => void;
}) {
  const { asking, setAsking, busy, notice, setNotice, send: sendAction } = useAdminAction<Action>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  // One key per refund attempt: a double click or a network retry refunds once.
  const [refundKey, setRefundKey] = useState(() => newKey());
  const returned = data.items;

  const refund = refundOf(data, quantities);
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
              lines: refund.lines,
            }
          : {};
  /** The first step: checks the form with the API's own schema, then asks to confirm. */
  function ask(action: Action) {
    setNotice(null);
    const parsed = STEP_SCHEMA[action]?.safeParse(bodyOf(action));
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

  function changeReason(text: string) {
    setReason(text);
    setReasonError(null);
  }

  return { asking, setAsking, busy, notice, reason, changeReason, reasonError, refund, ask, send };
}
