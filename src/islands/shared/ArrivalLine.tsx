import { ARRIVAL_LINES } from '../../../core/arrival-lines';

/** When an order comes, as the server answered it (a quote's `arrival`, core/arrival.ts). */
export interface ArrivalAnswer {
  kind: 'parcel' | 'digital' | 'gift_card';
  /** "Arrives Dec 16–19", "Download right after payment", "Emailed on the date you choose". */
  text: string;
}

/**
 * When the cart arrives, in words (issue 41): the cart, the shipping step, the review step. The
 * text is the server's, counted on the shop calendar for the shipping state; the browser never
 * computes a date. Nothing shows until the server has answered.
 */
export function ArrivalLine({ arrival }: { arrival: ArrivalAnswer | null | undefined }) {
  if (!arrival) return null;
  return (
    <p className="arrival" data-testid="arrival" data-arrival={arrival.kind}>
      {arrival.text}
    </p>
  );
}

/**
 * The window promised when the order was placed (issue 41 point 5), stored on the order and never
 * recomputed: the confirmation and the order pages. An order with nothing to ship has none.
 */
export function PromisedArrival({
  promised,
}: {
  promised: { earliest: string; latest: string } | null | undefined;
}) {
  if (!promised) return null;
  return (
    <p className="arrival" data-testid="promised-arrival">
      {ARRIVAL_LINES.promised(promised)}
    </p>
  );
}
