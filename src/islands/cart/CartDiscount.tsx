import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { addressSchema } from '../../../core/address/model';
import { DISCOUNT_LABELS, discountRow } from '../../../core/discounts/labels';
import type { DiscountDto } from '../../../core/discounts/model';
import type { QuoteDto } from '../../../core/orders/model';
import { $auth } from '../../stores/auth';
import type { CartItem } from '../../stores/cart';
import { $checkout, removeDiscountCode } from '../../stores/checkout';
import { discountFields } from '../checkout/order-request';
import { postJson, quoteItems } from '../shared/api';

/** What the cart says of the applied code: its amount (the server's), why not, or at checkout. */
type CartDiscountState =
  | { kind: 'amount'; discount: DiscountDto }
  | { kind: 'refused'; text: string }
  | { kind: 'atCheckout' };

/**
 * The amount the applied code takes off this cart, as the server's quote says: the quote needs
 * the address the tax follows, so only once the checkout has a shipping address; before that the
 * cart says the code is taken off at checkout.
 */
function useCartDiscount(items: CartItem[], code: string | undefined): CartDiscountState | null {
  const checkout = useStore($checkout);
  const isGuest = !useStore($auth).isLoggedIn;
  const address = addressSchema.safeParse(checkout.shippingAddress);
  const body =
    code && address.success
      ? JSON.stringify({
          items: quoteItems(items),
          shippingAddress: address.data,
          ...discountFields({ checkout, isGuest }),
        })
      : null;
  const [answer, setAnswer] = useState<{ for: string; state: CartDiscountState } | null>(null);
  useEffect(() => {
    if (body === null) return;
    let live = true;
    void postJson<QuoteDto>('/orders/quote', JSON.parse(body)).then((result) => {
      if (!live) return;
      const state: CartDiscountState =
        result.ok && result.data.discount
          ? { kind: 'amount', discount: result.data.discount }
          : result.ok || !result.fields?.discountCode
            ? { kind: 'atCheckout' }
            : { kind: 'refused', text: result.fields.discountCode };
      setAnswer({ for: body, state });
    });
    return () => {
      live = false;
    };
  }, [body]);
  if (!code) return null;
  if (body === null) return { kind: 'atCheckout' };
  return answer?.for === body ? answer.state : null;
}

/**
 * The cart's line for the order's discount code (issue 42): "Discount (WINTER10) −$2.60" with
 * Remove, the server's sentence when the code no longer applies, nothing without a code.
 */
export function CartDiscount({ items }: { items: CartItem[] }) {
  const code = useStore($checkout).discountCode;
  const state = useCartDiscount(items, code);
  if (!code) return null;
  const [label, amount] =
    state?.kind === 'amount'
      ? discountRow(state.discount)
      : state?.kind === 'atCheckout'
        ? [DISCOUNT_LABELS.atCheckout(code), '']
        : [DISCOUNT_LABELS.line(code), ''];
  return (
    <div className="discount-line" data-testid="cart-discount">
      <p>
        {label}
        {amount && (
          <>
            {' '}
            <strong>{amount}</strong>
          </>
        )}
      </p>
      {state?.kind === 'refused' && <p className="field-error">{state.text}</p>}
      <button type="button" className="clear" onClick={removeDiscountCode}>
        {DISCOUNT_LABELS.remove}
        <span className="visually-hidden"> {DISCOUNT_LABELS.line(code)}</span>
      </button>
    </div>
  );
}
