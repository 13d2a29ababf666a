import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { formatDollars } from '../../../core/money';
import { GIFT_CARD_ADMIN_MESSAGES, type GiftCardAdminDto } from '../../../core/gift-cards/model';
import { ListSearch } from '../admin/CardTable';
import { ConfirmStep } from '../admin/ConfirmStep';
import { ADMIN_TEXT, RequireAdmin, when } from '../admin/RequireAdmin';
import styles from '../admin/Admin.module.css';
import { TableHead } from '../shared/TableHead';

const KIND_WORDS = {
  issue: 'Issued',
  redemption: 'Spent',
  refund: 'Given back',
  adjustment: 'Adjusted',
} as const;

/** One card opened: its ledger, and the owner's resend and disable. */
/** A card's ledger: each issue, spend, refund and void, with its order. */
function LedgerTable({ ledger }: { ledger: NonNullable<GiftCardAdminDto['ledger']> }) {
  return (
    <table>
      <caption>Ledger</caption>
      <TableHead columns={['When', 'What', 'Amount', 'Order']} />
      <tbody>
        {ledger.map((row, index) => (
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
  );
}

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
  // The action asked about, in the page's own confirm step (issue 39: no browser confirm()).
  const [asking, setAsking] = useState<'resend' | 'disable' | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api.get<GiftCardAdminDto>(`/admin/giftcards/${id}`).then((result) => {
      if (result.ok) setCard(result.data);
      else setError(result.error ?? ADMIN_TEXT.failed);
    });
  }, [id]);

  async function act(action: 'resend' | 'disable', done: string) {
    setSaid('');
    setError('');
    setBusy(true);
    const result = await api.post<GiftCardAdminDto>(`/admin/giftcards/${id}/${action}`, {});
    setBusy(false);
    setAsking(null);
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
      <LedgerTable ledger={card.ledger ?? []} />
      {asking === 'resend' && (
        <ConfirmStep
          summary={GIFT_CARD_ADMIN_MESSAGES.resendAsk(card.recipientEmail, card.last4 ?? '')}
          confirmLabel="Yes, send a new code"
          busy={busy}
          onConfirm={() => void act('resend', GIFT_CARD_ADMIN_MESSAGES.resent)}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'disable' && (
        <ConfirmStep
          summary={GIFT_CARD_ADMIN_MESSAGES.disableAsk(card.last4 ?? '')}
          confirmLabel="Yes, disable it"
          danger
          busy={busy}
          onConfirm={() => void act('disable', GIFT_CARD_ADMIN_MESSAGES.disabled)}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === null && !card.disabledAt && card.deliveredAt && (
        <button className={styles.button} type="button" onClick={() => setAsking('resend')}>
          Resend to {card.recipientEmail}
        </button>
      )}{' '}
      {asking === null && !card.disabledAt && (
        <button className={styles.secondary} type="button" onClick={() => setAsking('disable')}>
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
  // The search comes from the address, as the other list pages' (a new search loads the page).
  const [searched] = useState(() => new URLSearchParams(location.search).get('q')?.trim() ?? '');
  const [q, setQ] = useState(searched);
  useEffect(() => {
    const path = searched
      ? `/admin/giftcards?q=${encodeURIComponent(searched)}`
      : '/admin/giftcards';
    void api.get<GiftCardAdminDto[]>(path).then((result) => {
      if (result.ok) setCards(result.data);
      else setFailed(true);
    });
  }, [searched]);
  return (
    <>
      <ListSearch searchLabel="Code, last 4, email or name" q={q} onQ={setQ} submitLabel="Find" />
      {failed ? (
        <p className={styles.error}>{ADMIN_TEXT.failed}</p>
      ) : !cards ? (
        <p role="status">Loading gift cards...</p>
      ) : cards.length === 0 ? (
        <p role="status">
          {searched
            ? GIFT_CARD_ADMIN_MESSAGES.noneFound(searched)
            : 'No gift card has been issued yet.'}
        </p>
      ) : (
        <CardTable cards={cards} setCards={setCards} open={open} setOpen={setOpen} />
      )}
    </>
  );
}

function CardTable({
  cards,
  setCards,
  open,
  setOpen,
}: {
  cards: GiftCardAdminDto[];
  setCards: (update: (current: GiftCardAdminDto[] | null) => GiftCardAdminDto[] | null) => void;
  open: string | null;
  setOpen: (update: (current: string | null) => string | null) => void;
}) {
  return (
    <table className={styles.table} data-testid="gift-cards">
      <TableHead
        columns={['Card', 'Recipient', 'Delivery', 'Order', 'Issued', 'Balance', 'Ledger']}
      />
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
