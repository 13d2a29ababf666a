import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { shipsNothing } from '../../../core/cart/rules';
import { $auth } from '../../stores/auth';
import { $cart } from '../../stores/cart';
import { $checkout, needsShippingStep, removeDiscountCode } from '../../stores/checkout';
import { CHECKOUT_TEXT, confirmLabel } from './messages';
import { buildOrderRequest, buildQuoteRequest, giftOf, type OrderInput } from './order-request';
import { ConfirmProblem, QuoteSection, ReturnPolicyAgreement, ReviewDetails } from './ReviewParts';
import { useConfirmOrder } from './useConfirmOrder';
import { useQuote } from './useQuote';

/** Back to billing, and the confirm button: usable once the server has priced the order. */
function ConfirmActions({
  live,
  order,
  confirm,
}: {
  live: boolean;
  order: ReturnType<typeof useConfirmOrder>;
  /** Undefined until the quote is in. */
  confirm: (() => void) | undefined;
}) {
  return (
    <div className="actions">
      <a href="/billing">Back to billing</a>
      <button
        type="button"
        className="button primary"
        onClick={confirm}
        disabled={!confirm || order.confirming}
      >
        {order.confirming ? CHECKOUT_TEXT.confirming : confirmLabel(live)}
      </button>
    </div>
  );
}

/** /checkout: the order as the server prices it, the return-policy agreement and the confirm. */
export default function ReviewOrder({
  live,
}: {
  /** Whether payments are live (Stripe with live keys): the confirm button's label. */
  live: boolean;
}) {
  const cart = useStore($cart);
  const checkout = useStore($checkout);
  const auth = useStore($auth);
  const isGuest = !auth.isLoggedIn;
  const order = useConfirmOrder(isGuest);

  // Digital items only: nothing ships, the tax follows the billing address (DECISIONS).
  const digitalOnly = shipsNothing(cart);
  const input: OrderInput = { checkout, cart, digitalOnly, isGuest };
  const shippingStep = needsShippingStep(checkout, digitalOnly, !isGuest);
  const billingStep =
    // No card is needed only with a gift card code (its balance pays all; the server checks).
    (!checkout.billingInfo.paymentMethodId && !checkout.giftCardCode) ||
    (digitalOnly && checkout.billingAddress.line1 === '');
  const ready = cart.length > 0 && !shippingStep && !billingStep;

  useEffect(() => {
    if (order.confirming) return;
    if (cart.length === 0) window.location.replace('/cart');
    else if (shippingStep) window.location.replace('/shipping');
    else if (billingStep) window.location.replace('/billing');
  }, [cart.length, order.confirming, shippingStep, billingStep]);

  // The figures always come from the server, for this cart and this shipping address: asked again
  // when either changes, or after a refused confirm, never while confirming.
  const { quote, quoteError, discountRefused } = useQuote(
    ready ? buildQuoteRequest(input) : null,
    order.refresh,
    order.confirming,
  );

  if (!ready) return <p>Loading…</p>;
  const confirm = quote
    ? () => void order.confirm((agreed) => buildOrderRequest({ ...input, quote, agreed }))
    : undefined;

  return (
    <div className="review">
      <QuoteSection
        quote={quote}
        quoteError={quoteError}
        cart={cart}
        onRemoveDiscount={discountRefused ? removeDiscountCode : undefined}
      />
      <ReviewDetails checkout={checkout} digitalOnly={digitalOnly} gift={giftOf(input)} />
      {isGuest && (
        <ReturnPolicyAgreement
          agreed={order.agreed}
          error={order.agreeError}
          onAgree={order.agree}
        />
      )}
      {order.problem && (
        <ConfirmProblem
          problem={order.problem}
          onRemoveDiscount={() => {
            order.clearProblem();
            removeDiscountCode();
          }}
        />
      )}
      <ConfirmActions live={live} order={order} confirm={confirm} />
    </div>
  );
}
