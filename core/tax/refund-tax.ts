/**
 * The sales tax a refund gives back (issue 28), recorded on the refund as `tax_cents` for the tax
 * return. The order's tax was rounded once, on its subtotal; a refund of some lines gives back
 * that tax's share of the lines' price, `round(orderTax × refundedNet / subtotal)`, never more
 * than the tax not yet given back, and the refund that gives back the order's last units gives
 * back exactly the rest. So the refunds of an order sum to its tax to the cent, whatever the
 * rounding of each one.
 */
export interface RefundTaxInput {
  orderTaxCents: number;
  orderSubtotalCents: number;
  /** The price of the lines and units this refund gives back, tax excluded. */
  refundedNetCents: number;
  /** The tax earlier refunds (not failed) gave back. */
  taxRefundedCents: number;
  /** Whether this refund gives back the order's last units (the order is then fully refunded). */
  lastUnits: boolean;
}

export function refundTaxCents({
  orderTaxCents,
  orderSubtotalCents,
  refundedNetCents,
  taxRefundedCents,
  lastUnits,
}: RefundTaxInput): number {
  const left = Math.max(0, orderTaxCents - taxRefundedCents);
  if (lastUnits) return left;
  if (orderSubtotalCents <= 0) return 0;
  const share = Math.round((orderTaxCents * refundedNetCents) / orderSubtotalCents);
  return Math.min(Math.max(0, share), left);
}
