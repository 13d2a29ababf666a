import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDollars } from '../../../core/money';
import { GIFT_CARD_LABELS, GIFT_CARD_TEXTS } from '../../../core/gift-cards/model';
import { $checkout } from '../../stores/checkout';
import { postJson } from '../shared/api';
import { GiftCardCodeField } from './GiftCardCodeField';

/** The checkout's own field classes (src/styles/checkout.css), as its other fields use. */
const CLASSES = { field: 'field', hint: 'hint', error: 'field-error' };

/**
 * The billing step's gift card (issue 26): a code is checked (POST /gift-cards/balance, throttled
 * per address) and kept in the checkout; its balance pays first, the payment card the rest. The
 * review step shows both parts as the server computes them.
 */
export default function GiftCardCode({ giftCardsInCart }: { giftCardsInCart: boolean }) {
  const checkout = useStore($checkout);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [applied, setApplied] = useState<{ last4: string; balance: number } | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    setError('');
    setBusy(true);
    const result = await postJson<{ last4: string; balance: number }>('/gift-cards/balance', {
      code: typed,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setApplied(result.data);
    $checkout.set({ ...$checkout.get(), giftCardCode: typed.trim() });
    setTyped('');
  }

  function remove() {
    const { giftCardCode: _removed, ...rest } = $checkout.get();
    $checkout.set(rest);
    setApplied(null);
  }

  if (giftCardsInCart) {
    return <p className="hint">{GIFT_CARD_TEXTS.notForGiftCards}</p>;
  }
  return (
    <fieldset className="gift-card-code">
      <legend>Gift card</legend>
      {checkout.giftCardCode ? (
        <p role="status" className="gift-card-applied">
          <span>
            {applied
              ? GIFT_CARD_LABELS.applied(applied.last4, formatDollars(applied.balance))
              : `Gift card ending ${checkout.giftCardCode.replace(/[\s-]/g, '').slice(-4).toUpperCase()} applied.`}
          </span>
          <button type="button" className="button" onClick={remove}>
            {GIFT_CARD_LABELS.remove}
          </button>
        </p>
      ) : (
        <div className="gift-card-entry">
          <GiftCardCodeField
            id="gift-card-code"
            name="giftCardCode"
            value={typed}
            error={error}
            classes={CLASSES}
            onChange={setTyped}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void apply();
              }
            }}
          />
          <button
            type="button"
            className="button"
            onClick={() => void apply()}
            disabled={busy || typed.trim() === ''}
          >
            {GIFT_CARD_LABELS.apply}
          </button>
        </div>
      )}
    </fieldset>
  );
}
