import { lazy, Suspense, type RefObject } from 'react';
import { CARD_MESSAGES, type SavedPaymentDto } from '../../../core/user/cards-model';
import type { BillingInfo, CheckoutAddress } from '../../stores/checkout';
import { NEW_CARD } from './billing-choices';
import { describeCard, type CardFormHandle } from '../shared/card';
import type { PaymentProviderName } from './messages';
import SandboxCardForm from './SandboxCardForm';

// Stripe's card form and Stripe.js are their own chunk, fetched only when this step shows them.
// The sandbox's small form is part of the step, so the server renders it with the step.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** A signed-in shopper's stored cards as radios, then "A new card". */
function StoredCards({
  cards,
  choice,
  onChoose,
}: {
  cards: SavedPaymentDto[];
  choice: string;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="stored-cards">
      <legend>Stored cards</legend>
      {cards.map((entry) => (
        <label key={entry._id} className="checkbox">
          <input
            type="radio"
            name="card-choice"
            value={entry._id}
            checked={choice === entry._id}
            onChange={() => onChoose(entry._id)}
          />
          {describeCard({ brand: entry.brand, last4Number: entry.last4Number })}, expires{' '}
          {entry.expirationMonth}/{entry.expirationYear}
        </label>
      ))}
      <label className="checkbox">
        <input
          type="radio"
          name="card-choice"
          value={NEW_CARD}
          checked={choice === NEW_CARD}
          onChange={() => onChoose(NEW_CARD)}
        />
        A new card
      </label>
    </fieldset>
  );
}

interface NewCardProps {
  provider: PaymentProviderName;
  publishableKey?: string | undefined;
  hydrated: boolean;
  card: RefObject<CardFormHandle | null>;
  billedAddress: CheckoutAddress;
  onTyped: () => void;
}

/** The new card's form: Stripe's (its own chunk, once hydrated) or the sandbox's. */
function NewCardForm({
  provider,
  publishableKey,
  hydrated,
  card,
  billedAddress,
  onTyped,
}: NewCardProps) {
  if (provider === 'stripe' && publishableKey) {
    return hydrated ? (
      <Suspense fallback={<p>Loading the card form…</p>}>
        <StripeCardForm
          ref={card}
          publishableKey={publishableKey}
          billingAddress={() => billedAddress}
        />
      </Suspense>
    ) : (
      <p>Loading the card form…</p>
    );
  }
  return (
    <div onInput={onTyped}>
      <SandboxCardForm ref={card} />
    </div>
  );
}

/** The billing step's "Card": a stored card, the one already given, or a new one. */
export function CardFieldset({
  storedCards,
  choice,
  onChoose,
  chosenCard,
  keepCard,
  billingInfo,
  onDifferentCard,
  isLoggedIn,
  saveCard,
  onSaveCard,
  ...newCard
}: NewCardProps & {
  storedCards: SavedPaymentDto[] | null;
  choice: string;
  onChoose: (id: string) => void;
  chosenCard: SavedPaymentDto | undefined;
  keepCard: boolean;
  billingInfo: BillingInfo;
  onDifferentCard: () => void;
  isLoggedIn: boolean;
  saveCard: boolean;
  onSaveCard: (save: boolean) => void;
}) {
  return (
    <fieldset>
      <legend>Card</legend>
      <p className="hint">We accept Visa, Mastercard, American Express and Discover.</p>
      {storedCards === null && <p role="status">Loading your cards…</p>}
      {storedCards && storedCards.length > 0 && (
        <StoredCards cards={storedCards} choice={choice} onChoose={onChoose} />
      )}
      {chosenCard ? null : keepCard ? (
        <p className="saved-card">
          {describeCard(billingInfo)}, expires {billingInfo.expirationMonth}/
          {billingInfo.expirationYear}.{' '}
          <button type="button" className="link-button" onClick={onDifferentCard}>
            Use a different card
          </button>
        </p>
      ) : (
        <NewCardForm {...newCard} />
      )}
      {isLoggedIn && !chosenCard && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={saveCard}
            onChange={(event) => onSaveCard(event.target.checked)}
          />
          {CARD_MESSAGES.saveThisCard}
        </label>
      )}
    </fieldset>
  );
}
