import { useId } from 'react';
import { ConfirmStep } from './ConfirmStep';
import { ADMIN_TEXT } from './RequireAdmin';
import { ReturnRestockFields } from './ReturnRestockFields';
import { ReturnRefundFields, ReturnRefundList } from './ReturnRefundFields';
import { confirmSummary, sendingBack, STEP_TEXT } from './return-steps';
import { ReturnDecline } from './ReturnDecline';
import { AskButton, NoticeLine } from './useAdminAction';
import { type ReturnDetail, useReturnDetail } from './useReturnDetail';
import { useReturnSteps } from './useReturnSteps';
import { statusLabel } from './words';
import styles from './Admin.module.css';

type Detail = ReturnType<typeof useReturnDetail>;

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
  const detail = useReturnDetail(id);
  if (detail.failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!detail.data) return <p role="status">Loading the return request...</p>;
  return <ReturnPanel id={id} detail={detail} data={detail.data} onChanged={onChanged} />;
}

/** A loaded return request: its status, what comes back, and the step its status allows. */
function ReturnPanel({
  id,
  detail,
  data,
  onChanged,
}: {
  id: string;
  detail: Detail;
  data: ReturnDetail;
  onChanged: (status: string) => void;
}) {
  const formId = useId();
  const { quantities, setQuantities, restock, setRestock } = detail;
  const { asking, setAsking, busy, notice, reason, changeReason, reasonError, refund, ask, send } =
    useReturnSteps({ id, data, quantities, restock, load: detail.load, onChanged });
  const { request, order } = data;

  return (
    <div className={styles.panel}>
      <p>
        Status: <strong data-testid="return-status">{statusLabel(request.status)}</strong>
        {request.declineReason ? ` (reason: ${request.declineReason})` : ''}
      </p>
      {data.items.length > 0 && <p>Sending back: {sendingBack(data.items)}</p>}
      <NoticeLine notice={notice} />
      {request.status === 'requested' && (
        <>
          <AskButton label="Approve" onClick={() => ask('approve')} />
          <ReturnDecline
            reason={reason}
            onReason={changeReason}
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
        <ReturnRefundFields
          formId={formId}
          lines={data.lines}
          quantities={quantities}
          onQuantities={setQuantities}
          paidCents={order.totalCents}
          refundedCents={data.refundedCents}
          refundCents={refund.cents}
          onRefund={() => ask('refund')}
        />
      )}
      {asking && (
        <ConfirmStep
          summary={confirmSummary(asking, data, restock, refund.cents)}
          confirmLabel={`Yes, ${STEP_TEXT[asking].label.toLowerCase()}`}
          danger={asking === 'decline'}
          busy={busy}
          onConfirm={() => void send(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
      <ReturnRefundList refunds={data.refunds} />
    </div>
  );
}
