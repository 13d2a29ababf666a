import { useRef, useState, type SubmitEvent } from 'react';
import { addressSchema } from '../../../core/address/model';
import type { SavedPaymentDto } from '../../../core/user/cards-model';
import { replaceBillingAddress, type CheckoutAddress } from '../../stores/checkout';
import { storePayment } from './billing-choices';
import type { CardFormHandle } from '../shared/card';
import { focusFirstError, serverAddressErrors, validate } from './validation';

/**
 * The billing step's Continue: the address checked (here, then by the server when typed), the
 * payment stored, then on to the review; otherwise the errors show and the first one has focus.
 */
export function useBillingSubmit(step: {
  billedAddress: CheckoutAddress;
  /** Whether the address is the one typed in the form. */
  typed: boolean;
  digitalOnly: boolean;
  giftCardCovers: boolean;
  chosenCard: SavedPaymentDto | undefined;
  keepCard: boolean;
  saveCard: boolean;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const card = useRef<CardFormHandle>(null);
  const form = useRef<HTMLFormElement>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { typed } = step;
    const checked = validate(addressSchema, step.billedAddress);
    const serverErrors =
      checked.ok && typed
        ? await serverAddressErrors(checked.data, { taxed: step.digitalOnly })
        : {};
    setErrors(checked.ok ? serverErrors : typed ? checked.errors : {});
    if (!checked.ok || Object.keys(serverErrors).length > 0) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    setBusy(true);
    try {
      const { giftCardCovers, chosenCard, keepCard, saveCard } = step;
      if (
        !(await storePayment({
          giftCardCovers,
          chosenCard,
          keepCard,
          saveCard,
          card: card.current,
        }))
      ) {
        requestAnimationFrame(() => focusFirstError(form.current));
        return;
      }
      replaceBillingAddress(checked.data);
      window.location.assign('/checkout');
    } finally {
      setBusy(false);
    }
  }

  return { errors, busy, card, form, onSubmit };
}
