import { useState } from 'react';
import { formatDollars } from '../../../core/money';
import {
  balanceRequestSchema,
  GIFT_CARD_LABELS,
  GIFT_CARD_TEXTS,
} from '../../../core/gift-cards/model';
import { postJson } from '../checkout/api';

/** /giftcard/balance: a code in, its balance out; throttled per address by the server. */
export default function BalanceCheck() {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [balance, setBalance] = useState<{ last4: string; balance: number } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    setError('');
    setBalance(null);
    const parsed = balanceRequestSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setBusy(true);
    const result = await postJson<{ last4: string; balance: number }>(
      '/gift-cards/balance',
      parsed.data,
    );
    setBusy(false);
    if (result.ok) setBalance(result.data);
    else setError(result.error);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <p>
        <label htmlFor="balance-code">{GIFT_CARD_LABELS.code}</label>
        <input
          id="balance-code"
          name="code"
          autoComplete="off"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'balance-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
      </p>
      <button type="submit" className="button primary" disabled={busy}>
        {GIFT_CARD_LABELS.check}
      </button>
      <div role="status">
        {balance && (
          <p data-testid="gift-card-balance">
            {`Gift card ending ${balance.last4}. ${GIFT_CARD_TEXTS.balance(formatDollars(balance.balance))}`}
          </p>
        )}
      </div>
      {error && (
        <p id="balance-error" className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="hint">{GIFT_CARD_TEXTS.noExpiry}</p>
    </form>
  );
}
