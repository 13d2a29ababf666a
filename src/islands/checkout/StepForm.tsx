import type { ComponentProps, ReactNode, RefObject, SubmitEvent } from 'react';
import { useEarlySubmit } from '../../lib/early-form';
import { WithOrderSummary } from './OrderSummary';

interface Props {
  cart: ComponentProps<typeof WithOrderSummary>['cart'];
  /** The address the summary's tax is for. */
  address: ComponentProps<typeof WithOrderSummary>['address'];
  /** Which address the tax follows: billing for digital items only. */
  taxFrom?: ComponentProps<typeof WithOrderSummary>['taxFrom'];
  form: RefObject<HTMLFormElement | null>;
  /** While what the form shows is still loading. */
  busy: boolean;
  /** Whether a submit held from before hydration may be sent yet. */
  ready?: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/**
 * A checkout step's form beside the order summary. It is rendered on the server, so a submit
 * pressed before the island hydrates is held and sent once it has (useEarlySubmit).
 */
export function StepForm({
  cart,
  address,
  taxFrom,
  form,
  busy,
  ready = true,
  onSubmit,
  children,
}: Props) {
  const earlySubmit = useEarlySubmit(form, ready);
  return (
    <WithOrderSummary cart={cart} address={address} taxFrom={taxFrom}>
      <form
        ref={form}
        className="checkout-form"
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy || undefined}
        {...earlySubmit}
      >
        {children}
      </form>
    </WithOrderSummary>
  );
}
