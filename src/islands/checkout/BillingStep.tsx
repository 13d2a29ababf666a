import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { addressSchema } from '../../../api/modules/address/model';
import { CARD_MESSAGES, type SavedPaymentDto } from '../../../api/modules/user/cards-model';
import { $auth } from '../../stores/auth';
import { $cart } from '../../stores/cart';
import {
  $checkout,
  hasShippingAddress,
  replaceBillingAddress,
  replaceBillingInfo,
  type CheckoutAddress,
} from '../../stores/checkout';
import { AddressFields } from './AddressFields';
import { WithOrderSummary } from './OrderSummary';
import { getJson } from './api';
import { describeCard, type CardFormHandle } from './card';
import type { PaymentProviderName } from './messages';
import { focusFirstError, serverAddressErrors, validate } from './validation';

// Each gateway's card form is its own chunk, fetched only when this step shows it.
const SandboxCardForm = lazy(() => import('./SandboxCardForm'));
const StripeCardForm = lazy(() => import('./StripeCardForm'));

interface Props {
  provider: PaymentProviderName;
  /** Stripe's publishable key, in Stripe mode. */
  publishableKey?: string | undefined;
}

const sameAddress = (a: CheckoutAddress, b: CheckoutAddress) =>
  (Object.keys(a) as (keyof CheckoutAddress)[]).every((key) => a[key] === b[key]);

const NEW_CARD = 'new';

/**
 * /billing: the billing address (same as shipping by default) and the card. A signed-in shopper
 * may pay with a stored card (the first one preselected) or a new one, with "Save this card".
 */
export default function BillingStep({ provider, publishableKey }: Props) {
  const cart = useStore($cart);
  const checkout = useStore($checkout);
  const hasBilling = checkout.billingAddress.line1 !== '';
  const [same, setSame] = useState(
    !hasBilling || sameAddress(checkout.billingAddress, checkout.shippingAddress),
  );
  const [billing, setBilling] = useState<CheckoutAddress>(
    hasBilling ? checkout.billingAddress : checkout.shippingAddress,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { isLoggedIn } = useStore($auth);
  const [keepCard, setKeepCard] = useState(
    checkout.billingInfo.paymentMethodId !== '' && !checkout.billingInfo.stored,
  );
  const [storedCards, setStoredCards] = useState<SavedPaymentDto[] | null>(isLoggedIn ? null : []);
  const [choice, setChoice] = useState<string>(NEW_CARD);
  const [saveCard, setSaveCard] = useState(Boolean(checkout.billingInfo.saveCard));
  const [busy, setBusy] = useState(false);
  const card = useRef<CardFormHandle>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (cart.length === 0) window.location.replace('/cart');
    else if (!hasShippingAddress(checkout)) window.location.replace('/shipping');
  }, [cart.length, checkout]);

  // A signed-in shopper's stored cards; without them (or when they cannot load) a new card.
  useEffect(() => {
    if (!isLoggedIn) return;
    let active = true;
    void getJson<SavedPaymentDto[]>('/user/savedPaymentMethods').then((result) => {
      if (!active) return;
      const cards = result.ok ? result.data : [];
      setStoredCards(cards);
      const info = $checkout.get().billingInfo;
      const previous = info.stored ? cards.find((c) => c._id === info.paymentMethodId) : undefined;
      const keptNew = info.paymentMethodId !== '' && !info.stored;
      setChoice(previous?._id ?? (keptNew ? NEW_CARD : (cards[0]?._id ?? NEW_CARD)));
    });
    return () => {
      active = false;
    };
  }, [isLoggedIn]);

  const chosenCard = storedCards?.find((entry) => entry._id === choice);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = same ? checkout.shippingAddress : billing;
    const checked = validate(addressSchema, address);
    const serverErrors = checked.ok && !same ? await serverAddressErrors(checked.data) : {};
    setErrors(checked.ok ? serverErrors : same ? {} : checked.errors);
    if (!checked.ok || Object.keys(serverErrors).length > 0) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    setBusy(true);
    try {
      if (chosenCard) {
        replaceBillingInfo({
          paymentMethodId: chosenCard._id,
          last4Number: chosenCard.last4Number,
          expirationMonth: chosenCard.expirationMonth,
          expirationYear: chosenCard.expirationYear,
          brand: chosenCard.brand,
          stored: true,
        });
      } else if (!keepCard) {
        const info = await card.current?.tokenise();
        if (!info) {
          requestAnimationFrame(() => focusFirstError(form.current));
          return;
        }
        replaceBillingInfo({ ...info, stored: false, saveCard: isLoggedIn && saveCard });
      } else {
        replaceBillingInfo((current) => ({ ...current, saveCard: isLoggedIn && saveCard }));
      }
      replaceBillingAddress(checked.data);
      window.location.assign('/checkout');
    } finally {
      setBusy(false);
    }
  }

  if (cart.length === 0 || !hasShippingAddress(checkout) || storedCards === null) {
    return <p>Loading…</p>;
  }

  return (
    <WithOrderSummary cart={cart} address={checkout.shippingAddress}>
      <form ref={form} className="checkout-form" noValidate onSubmit={onSubmit}>
        <fieldset>
          <legend>Billing address</legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={same}
              onChange={(event) => setSame(event.target.checked)}
            />
            Billing address same as shipping
          </label>
          {!same && (
            <AddressFields
              idPrefix="billing"
              section="billing"
              value={billing}
              errors={errors}
              onChange={setBilling}
            />
          )}
        </fieldset>
        <fieldset>
          <legend>Card</legend>
          <p className="hint">We accept Visa, Mastercard, American Express and Discover.</p>
          {storedCards.length > 0 && (
            <fieldset className="stored-cards">
              <legend>Stored cards</legend>
              {storedCards.map((entry) => (
                <label key={entry._id} className="checkbox">
                  <input
                    type="radio"
                    name="card-choice"
                    value={entry._id}
                    checked={choice === entry._id}
                    onChange={() => setChoice(entry._id)}
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
                  onChange={() => setChoice(NEW_CARD)}
                />
                A new card
              </label>
            </fieldset>
          )}
          {chosenCard ? null : keepCard ? (
            <p className="saved-card">
              {describeCard(checkout.billingInfo)}, expires {checkout.billingInfo.expirationMonth}/
              {checkout.billingInfo.expirationYear}.{' '}
              <button type="button" className="link-button" onClick={() => setKeepCard(false)}>
                Use a different card
              </button>
            </p>
          ) : (
            <Suspense fallback={<p>Loading the card form…</p>}>
              {provider === 'stripe' && publishableKey ? (
                <StripeCardForm
                  ref={card}
                  publishableKey={publishableKey}
                  billingAddress={() => (same ? checkout.shippingAddress : billing)}
                />
              ) : (
                <SandboxCardForm ref={card} />
              )}
            </Suspense>
          )}
          {isLoggedIn && !chosenCard && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={saveCard}
                onChange={(event) => setSaveCard(event.target.checked)}
              />
              {CARD_MESSAGES.saveThisCard}
            </label>
          )}
        </fieldset>
        <div className="actions">
          <a href="/shipping">Back to shipping</a>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Checking your card…' : 'Continue to review'}
          </button>
        </div>
      </form>
    </WithOrderSummary>
  );
}
