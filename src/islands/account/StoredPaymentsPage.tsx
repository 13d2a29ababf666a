import { useState } from 'react';
import { CARD_MESSAGES, type SavedPaymentDto } from '../../../core/user/cards-model';
import { api } from '../../lib/api-client';
import { describeCard } from '../shared/card';
import { RequireSession } from './RequireSession';
import { useSavedList } from './useSavedList';
import styles from '../shared/Account.module.css';

/**
 * spec §2 Stored payments: the saved cards, each deletable. spec §8's texts: 'Failed to load
 * payment methods.' (never for a 401: the API client renews the session or goes to /login),
 * 'Failed to delete payment method.' when the server refuses, 'Unable to delete payment method.'
 * when it cannot be reached.
 */
function StoredCards() {
  const { list, reload } = useSavedList<SavedPaymentDto>('/user/savedPaymentMethods');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  async function remove(card: SavedPaymentDto) {
    setProblem('');
    setBusy(card._id);
    const result = await api.delete('/user/payment', { _id: card._id });
    setBusy(null);
    if (!result.ok && result.status !== 401) {
      setProblem(result.status === 0 ? CARD_MESSAGES.deleteError : CARD_MESSAGES.deleteFailed);
    }
    await reload();
  }

  const label = (card: SavedPaymentDto) =>
    `${describeCard({ brand: card.brand, last4Number: card.last4Number })}, expires ${card.expirationMonth}/${card.expirationYear}`;

  return (
    <section className={styles.section} aria-labelledby="stored-cards-title">
      <h2 id="stored-cards-title">Saved cards</h2>
      {list.kind === 'loading' && <p role="status">Loading your cards…</p>}
      {list.kind === 'failed' && (
        <div className={styles.error} role="alert">
          <p>{CARD_MESSAGES.loadFailed}</p>
        </div>
      )}
      {problem && (
        <div className={styles.error} role="alert">
          <p>{problem}</p>
        </div>
      )}
      {list.kind === 'ready' && list.entries.length === 0 && (
        <p className={styles.hint}>{CARD_MESSAGES.empty}</p>
      )}
      {list.kind === 'ready' && list.entries.length > 0 && (
        <ul>
          {list.entries.map((card) => (
            <li key={card._id}>
              <span>{label(card)}</span>{' '}
              <button
                type="button"
                className={styles.secondary}
                disabled={busy === card._id}
                onClick={() => void remove(card)}
                aria-label={`Delete ${label(card)}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.hint}>
        A card is saved only when you tick “{CARD_MESSAGES.saveThisCard}” at checkout. We keep the
        payment provider’s token, the last four digits and the expiry, never the card number.
      </p>
    </section>
  );
}

export default function StoredPaymentsPage() {
  return <RequireSession>{() => <StoredCards />}</RequireSession>;
}
