import { useState } from 'react';
import { formatDollars } from '../../../core/money';
import {
  balanceRequestSchema,
  GIFT_CARD_LABELS,
  GIFT_CARD_TEXTS,
} from '../../../core/gift-cards/model';
import { postJson } from '../shared/api';
import { GiftCardCodeField } from './GiftCardCodeField';
import styles from '../shared/Account.module.css';

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
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Check a balance">
      <GiftCardCodeField
        id="balance-code"
        name="code"
        value={code}
        error={error}
        onChange={setCode}
      />
      <div>
        <button type="submit" className={styles.button} disabled={busy}>
          {GIFT_CARD_LABELS.check}
        </button>
      </div>
      <div role="status">
        {balance && (
          <p className={styles.success} data-testid="gift-card-balance">
            {`Gift card ending ${balance.last4}. ${GIFT_CARD_TEXTS.balance(formatDollars(balance.balance))}`}
          </p>
        )}
      </div>
      <p className={styles.hint}>{GIFT_CARD_TEXTS.noExpiry}</p>
    </form>
  );
}
