import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useImperativeHandle, useState, type Ref } from 'react';
import type { BillingInfo, CheckoutAddress } from '../../stores/checkout';
import { newCardInfo, type CardFormHandle } from '../shared/card';

const ACCEPTED = new Set(['visa', 'mastercard', 'amex', 'discover']);
const UNSUPPORTED =
  'We accept Visa, Mastercard, American Express and Discover. Please use one of these cards.';

let stripePromise: Promise<Stripe | null> | undefined;

interface Props {
  ref: Ref<CardFormHandle>;
  publishableKey: string;
  billingAddress: () => CheckoutAddress;
}

/**
 * Stripe mode: the card is typed into Stripe Elements (an iframe from js.stripe.com), turned into
 * a PaymentMethod there, and only its id reaches our server. Stripe.js is loaded only here.
 */
export default function StripeCardForm({ ref, publishableKey, billingAddress }: Props) {
  stripePromise ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripePromise}>
      <CardEntry handle={ref} billingAddress={billingAddress} />
    </Elements>
  );
}

function CardEntry({
  handle,
  billingAddress,
}: {
  handle: Ref<CardFormHandle>;
  billingAddress: () => CheckoutAddress;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState('');

  useImperativeHandle(handle, () => ({
    async tokenise(): Promise<BillingInfo | null> {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) {
        setError('The card form is still loading. Please try again in a moment.');
        return null;
      }
      const address = billingAddress();
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: {
          address: {
            line1: address.line1,
            line2: address.line2 || undefined,
            city: address.city,
            state: address.state,
            postal_code: address.zipcode,
            country: 'US',
          },
        },
      });
      if (result.error || !result.paymentMethod.card) {
        setError(result.error?.message ?? 'Please check your card details.');
        return null;
      }
      const { id, card: details } = result.paymentMethod;
      if (!ACCEPTED.has(details.brand)) {
        setError(UNSUPPORTED);
        return null;
      }
      setError('');
      return newCardInfo(id, {
        last4: details.last4,
        expMonth: details.exp_month,
        expYear: details.exp_year,
        brand: details.brand,
      });
    },
  }));

  return (
    <div className="card-form">
      <div className="field">
        <span className="label" id="stripe-card-label">
          Card
        </span>
        <div className="stripe-card" aria-labelledby="stripe-card-label">
          <CardElement options={{ hidePostalCode: true }} />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
