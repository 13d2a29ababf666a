import { formatDollars } from '../../../core/money';
import {
  formatGiftCardCode,
  GIFT_CARD_LABELS,
  GIFT_CARD_TEXTS,
} from '../../../core/gift-cards/model';

/**
 * The codes of gift cards the buyer bought for themself, due today: shown once, on the answer
 * that placed the order (the kept answer of a retry has none); the email has them too.
 */
export default function OwnGiftCardCodes({
  codes,
}: {
  codes: { last4: string; code: string; amount: number }[] | undefined;
}) {
  if (!codes || codes.length === 0) return null;
  return (
    <section aria-labelledby="own-gift-cards" className="downloads">
      <h3 id="own-gift-cards">{GIFT_CARD_LABELS.yourCode}</h3>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {codes.map((card) => (
          <li key={card.last4}>
            <strong data-testid="gift-card-code">{formatGiftCardCode(card.code)}</strong>
            {` (${formatDollars(card.amount)})`}
          </li>
        ))}
      </ul>
      <p>{GIFT_CARD_LABELS.codeOnce}</p>
      <p className="hint">{GIFT_CARD_TEXTS.noExpiry}</p>
    </section>
  );
}
