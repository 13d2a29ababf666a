import { centsToDollars, dollarsToCents, formatDollars } from '../../../core/money';
import { SALE_BADGE, WAS_PRICE_PREFIX } from '../../../core/product/sale';

/**
 * A sale's marks (issue 42) where an island shows a price: the regular price struck through, read
 * out as "Was $26.00", and the "Sale" badge. The cards' HTML twin is src/lib/catalogue-html.ts.
 */
export function WasPrice({ regular }: { regular: number }) {
  return (
    <s className="was-price">
      <span className="visually-hidden">{WAS_PRICE_PREFIX}</span>
      {formatDollars(regular)}
    </s>
  );
}

export function SaleBadge() {
  return <span className="sale-badge">{SALE_BADGE}</span>;
}

/**
 * The product page's price marks: during a sale, the regular price of what is shown (`shown`: the
 * chosen line's price with what its personalization adds) struck through, and the badge.
 */
export function SaleMarks({
  shown,
  line,
  custom,
}: {
  shown: number;
  line: { priceCents: number; compareAtPrice?: number | undefined };
  /** A gift card's own amount: never on sale. */
  custom: boolean;
}) {
  if (line.compareAtPrice === undefined || custom) return null;
  const regularCents =
    dollarsToCents(shown) + dollarsToCents(line.compareAtPrice) - line.priceCents;
  return (
    <>
      <WasPrice regular={centsToDollars(regularCents)} />
      <SaleBadge />
    </>
  );
}
