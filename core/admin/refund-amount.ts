/**
 * What a partial refund gives back (issue 14, made exact in issue 25 point 3), computed the same
 * way by the server that records it and the back office's page that asks to confirm it.
 */

/** An order line as a refund sees it: what was bought and how many units already went back. */
export interface RefundableLine {
  id: string;
  quantity: number;
  unitPriceCents: number;
  refundedQuantity: number;
}

export interface RefundAmount {
  amountCents: number;
  lines: { orderItemId: string; quantity: number; amountCents: number }[];
}

/**
 * Each chosen line gives back its price and its share of the tax; the refund that gives back the
 * last units of the order gives back the rest of what was paid, so the order nets exactly 0. The
 * tax was rounded once on the order and each refunded line's share on its own, so the two differ
 * by at most a cent per refunded line (at most a cent per unit); a bigger gap is an earlier refund
 * made outside these lines, and the lines' sum stands. The last line takes the difference.
 */
export function refundAmount(
  orderLines: RefundableLine[],
  chosen: { orderItemId: string; quantity: number }[],
  taxRate: number,
  paidCents: number,
  refundedCents: number,
): RefundAmount {
  const lines = chosen.map(({ orderItemId, quantity }) => {
    const line = orderLines.find((candidate) => candidate.id === orderItemId);
    const net = (line?.unitPriceCents ?? 0) * quantity;
    return { orderItemId, quantity, amountCents: net + Math.round(net * taxRate) };
  });
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  const chosenOf = (id: string) =>
    lines.filter((line) => line.orderItemId === id).reduce((n, line) => n + line.quantity, 0);
  const everyUnit = orderLines.every(
    (line) => line.refundedQuantity + chosenOf(line.id) === line.quantity,
  );
  const rest = paidCents - refundedCents;
  const allUnits = orderLines.reduce((n, line) => n + line.quantity, 0);
  if (lines.length === 0 || !everyUnit || rest <= 0 || Math.abs(rest - sum) > allUnits) {
    return { amountCents: sum, lines };
  }
  lines[lines.length - 1]!.amountCents += rest - sum;
  return { amountCents: rest, lines };
}
