import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { addressSchema } from '../../../api/modules/address/model';
import { $cart } from '../../stores/cart';
import {
  $checkout,
  hasShippingAddress,
  replaceBillingAddress,
  replaceBillingInfo,
  type CheckoutAddress,
} from '../../stores/checkout';
import { AddressFields } from './AddressFields';
import { describeCard, type CardFormHandle } from './card';
import type { PaymentProviderName } from './messages';
import { focusFirstError, validate } from './validation';

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

/** /billing: the billing address (same as shipping by default) and the card. */
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
  const [keepCard, setKeepCard] = useState(checkout.billingInfo.paymentMethodId !== '');
  const [busy, setBusy] = useState(false);
  const card = useRef<CardFormHandle>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (cart.length === 0) window.location.replace('/cart');
    else if (!hasShippingAddress(checkout)) window.location.replace('/shipping');
  }, [cart.length, checkout]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = same ? checkout.shippingAddress : billing;
    const checked = validate(addressSchema, address);
    setErrors(checked.ok || same ? {} : checked.errors);
    if (!checked.ok) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    setBusy(true);
    try {
      if (!keepCard) {
        const info = await card.current?.tokenise();
        if (!info) {
          requestAnimationFrame(() => focusFirstError(form.current));
          return;
        }
        replaceBillingInfo(info);
      }
      replaceBillingAddress(checked.data);
      window.location.assign('/checkout');
    } finally {
      setBusy(false);
    }
  }

  if (cart.length === 0 || !hasShippingAddress(checkout)) return <p>Loading…</p>;

  return (
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
        {keepCard ? (
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
      </fieldset>
      <div className="actions">
        <a href="/shipping">Back to shipping</a>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Checking your card…' : 'Continue to review'}
        </button>
      </div>
    </form>
  );
}
