import { centsToDollars, dollarsToCents, formatDollars } from '../../../core/money';
import { GIFT_CARD_LABELS } from '../../../core/gift-cards/model';

/** How an order is paid when a gift card paid part of it: the card's part, then the rest. */
export default function PaidParts({
  total,
  giftCardPaid,
  last4,
}: {
  total: number;
  giftCardPaid: number;
  last4?: string | undefined;
}) {
  if (giftCardPaid <= 0) return null;
  const rest = centsToDollars(dollarsToCents(total) - dollarsToCents(giftCardPaid));
  return (
    <dl className="totals paid-parts" data-testid="paid-parts">
      <div>
        <dt>{last4 ? GIFT_CARD_LABELS.paidByGiftCard(last4) : 'Gift card'}</dt>
        <dd>{`−${formatDollars(giftCardPaid)}`}</dd>
      </div>
      <div className="total">
        <dt>{GIFT_CARD_LABELS.paidByCard}</dt>
        <dd>{formatDollars(rest)}</dd>
      </div>
    </dl>
  );
}
