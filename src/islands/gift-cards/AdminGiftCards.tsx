import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { formatDollars } from '../../../core/money';
import { GIFT_CARD_ADMIN_MESSAGES, type GiftCardAdminDto } from '../../../core/gift-cards/model';
import { ADMIN_TEXT, RequireAdmin, when } from '../admin/RequireAdmin';
import styles from '../admin/Admin.module.css';

const KIND_WORDS = {
  issue: 'Issued',
  redemption: 'Spent',
  refund: 'Given back',
  adjustment: 'Adjusted',
} as const;

/** One card opened: its ledger, and the owner's resend and disable. */
function CardDetail({
  id,
  onChanged,
}: {
  id: string;
  onChanged: (card: GiftCardAdminDto) => void;
}) {
  const [card, setCard] = useState<GiftCardAdminDto | null>(null);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    void api.get<GiftCardAdminDto>(`/admin/giftcards/${id}`).then((result) => {
      if (result.ok) setCard(result.data);
      else setError(result.error ?? ADMIN_TEXT.failed);
    });
  }, [id]);

  async function act(action: 'resend' | 'disable', done: string) {
    setSaid('');
    setError('');
    const result = await api.post<GiftCardAdminDto>(`/admin/giftcards/${id}/${action}`, {});
    if (!result.ok) {
      setError(result.error ?? ADMIN_TEXT.failed);
      return;
    }
    setCard(result.data);
    onChanged(result.data);
    setSaid(done);
  }

  if (error && !card) return <p className={styles.error}>{error}</p>;
  if (!card) return <p role="status">Loading the ledger...</p>;
  return (
    <div>
      <table>
        <caption>Ledger</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Amount</th>
            <th scope="col">Order</th>
          </tr>
        </thead>
        <tbody>
          {(card.ledger ?? []).map((row, index) => (
            <tr key={index}>
              <td>{when(row.createdAt)}</td>
              <td>
                {KIND_WORDS[row.kind]}
                {row.note ? ` (${row.note})` : ''}
              </td>
              <td>{formatDollars(row.amount)}</td>
              <td>{row.orderNumber ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!card.disabledAt && card.deliveredAt && (
        <button
          className={styles.button}
          type="button"
          onClick={() => void act('resend', GIFT_CARD_ADMIN_MESSAGES.resent)}
        >
          Resend to {card.recipientEmail}
        </button>
      )}{' '}
      {!card.disabledAt && (
        <button
          className={styles.secondary}
          type="button"
          onClick={() => {
            if (window.confirm('Disable this gift card? Its code will pay for nothing any more.')) {
              void act('disable', GIFT_CARD_ADMIN_MESSAGES.disabled);
            }
          }}
        >
          Disable
        </button>
      )}
      <p role="status">{said}</p>
      {error && <p className={styles.error}>{error}</p>}
    </div>
  );
}

function GiftCardsBody() {
  const [cards, setCards] = useState<GiftCardAdminDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    void api.get<GiftCardAdminDto[]>('/admin/giftcards').then((result) => {
      if (result.ok) setCards(result.data);
      else setFailed(true);
    });
  }, []);
  if (failed) return <p className={styles.error}>{ADMIN_TEXT.failed}</p>;
  if (!cards) return <p role="status">Loading gift cards...</p>;
  if (cards.length === 0) return <p>No gift card has been issued yet.</p>;
  return (
    <table className={styles.table} data-testid="gift-cards">
      <thead>
        <tr>
          <th scope="col">Card</th>
          <th scope="col">Recipient</th>
          <th scope="col">Delivery</th>
          <th scope="col">Order</th>
          <th scope="col">Issued</th>
          <th scope="col">Balance</th>
          <th scope="col">Ledger</th>
        </tr>
      </thead>
      <tbody>
        {cards.flatMap((card) => [
          <tr key={card._id}>
            <td>
              {card.last4 ? `…${card.last4}` : 'not sent yet'}
              {card.disabledAt ? ' (disabled)' : ''}
            </td>
            <td>
              {card.recipientName} &lt;{card.recipientEmail}&gt;
            </td>
            <td>{card.deliveredAt ? `sent ${when(card.deliveredAt)}` : `due ${card.deliverOn}`}</td>
            <td>{card.orderNumber ?? ''}</td>
            <td>{formatDollars(card.initial)}</td>
            <td>{formatDollars(card.balance)}</td>
            <td>
              <button
                className={styles.secondary}
                type="button"
                aria-expanded={open === card._id}
                onClick={() => setOpen((current) => (current === card._id ? null : card._id))}
              >
                {open === card._id ? 'Close' : 'Open'}
              </button>
            </td>
          </tr>,
          open === card._id ? (
            <tr key={`${card._id}-detail`}>
              <td colSpan={7}>
                <CardDetail
                  id={card._id}
                  onChanged={(next) =>
                    setCards(
                      (current) =>
                        current?.map((other) =>
                          other._id === next._id ? { ...other, ...next } : other,
                        ) ?? null,
                    )
                  }
                />
              </td>
            </tr>
          ) : null,
        ])}
      </tbody>
    </table>
  );
}

/** /admin/giftcards: every gift card issued, its balance and ledger; resend, disable (issue 26). */
export default function AdminGiftCards() {
  return (
    <RequireAdmin>
      <GiftCardsBody />
    </RequireAdmin>
  );
}
