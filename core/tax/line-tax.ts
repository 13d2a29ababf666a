/**
 * An order's sales tax split over its lines (issue 35): each taxed line's net at the order's rate,
 * rounded down, and the cents left over (the order's tax is rounded once, on the sum) to the lines
 * with the largest fractions, the earlier line first on a tie. The lines add up to the order's tax
 * exactly, so refunds and the tax report add up lines. Migration 0031 split existing orders so.
 */
export function lineTaxCents(
  lines: readonly { netCents: number; taxed: boolean }[],
  orderTaxCents: number,
  rateMillionths: number,
): number[] {
  const exact = lines.map((line) => (line.taxed ? line.netCents * rateMillionths : 0));
  const base = exact.map((share) => Math.floor(share / 1_000_000));
  let leftOver = orderTaxCents - base.reduce((sum, cents) => sum + cents, 0);
  const byFraction = exact
    .map((share, index) => ({ index, fraction: share % 1_000_000 }))
    .filter(({ index }) => lines[index]!.taxed)
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (leftOver <= 0) break;
    base[index]! += 1;
    leftOver -= 1;
  }
  return base;
}
