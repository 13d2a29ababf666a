import { useState, type FormEvent } from 'react';
import { shipBody } from '../../../core/admin/model';
import type { OrderAction } from '../../../core/orders/lifecycle';
import { ConfirmStep } from './ConfirmStep';
import { retrySummary, ShipPanel, shipSummary } from './ShipPanel';
import { AskButton, type useAdminAction } from './useAdminAction';
import type { OrderAnswer } from './useOrderAnswer';

export type OrderStep = 'ship' | 'deliver' | 'retry';

/** Each action's route, its confirm button and what the page says once it is done. */
const ACTIONS: Record<OrderStep, { path: string; confirmLabel: string; done: string }> = {
  ship: {
    path: 'ship',
    confirmLabel: 'Yes, mark shipped',
    done: 'Marked shipped; the customer was emailed the tracking link.',
  },
  deliver: {
    path: 'deliver',
    confirmLabel: 'Yes, mark delivered',
    done: 'Marked delivered; the customer was emailed the last day to start a return.',
  },
  retry: {
    path: 'retry-refund',
    confirmLabel: 'Yes, retry the refund',
    done: 'Refunded; the order is canceled.',
  },
};

/**
 * The fulfilment steps the server allows now: mark shipped (carrier and tracking), mark delivered,
 * retry a failed refund; each with its confirm step. Their notice shows above, on the order page.
 */
export function OrderFulfilment({
  id,
  data,
  can,
  action,
  load,
}: {
  /** The order's id as the page was opened with it (the routes' key). */
  id: string;
  data: OrderAnswer;
  can: (action: OrderAction) => boolean;
  action: ReturnType<typeof useAdminAction<OrderStep>>;
  load: () => void;
}) {
  const [carrier, setCarrier] = useState('USPS');
  const [tracking, setTracking] = useState('');
  const { asking, setAsking, busy, setNotice, send } = action;
  const { order } = data;

  async function act(action: OrderStep) {
    const { path, done } = ACTIONS[action];
    const body = action === 'ship' ? { carrier, trackingNumber: tracking } : {};
    const result = await send(`/admin/orders/${id}/${path}`, body, done);
    if (result.ok) load();
  }

  /** The form's first step: checks the fields with the API's own schema, then asks to confirm. */
  function ship(event: FormEvent) {
    event.preventDefault();
    const parsed = shipBody.safeParse({ carrier, trackingNumber: tracking });
    if (!parsed.success) {
      setNotice({ error: true, text: parsed.error.issues.map((i) => i.message).join(' ') });
      return;
    }
    setNotice(null);
    setAsking('ship');
  }

  /** The action's confirm step, while it is the one asked. */
  const confirmStep = (action: OrderStep, summary: string) =>
    asking === action && (
      <ConfirmStep
        summary={summary}
        confirmLabel={ACTIONS[action].confirmLabel}
        busy={busy}
        onConfirm={() => void act(action)}
        onCancel={() => setAsking(null)}
      />
    );
  return (
    <>
      {can('ship') && (
        <ShipPanel
          carrier={carrier}
          onCarrier={setCarrier}
          tracking={tracking}
          onTracking={setTracking}
          busy={busy}
          onShip={ship}
        >
          {confirmStep('ship', shipSummary(order.number, carrier, tracking))}
        </ShipPanel>
      )}
      {can('deliver') && (
        <AskButton label="Mark delivered" busy={busy} onClick={() => setAsking('deliver')} />
      )}
      {confirmStep(
        'deliver',
        `Mark order ${order.number} delivered now? Its 14-day return window starts today, and the customer is emailed its last day.`,
      )}
      {can('retry_refund') && (
        <AskButton label="Retry the refund" busy={busy} onClick={() => setAsking('retry')} />
      )}
      {confirmStep('retry', retrySummary(order.number, data.money.payments))}
    </>
  );
}
