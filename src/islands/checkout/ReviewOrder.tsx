import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { shipsNothing } from '../../../core/cart/rules';
import { dollarsToCents, formatDollars } from '../../../core/money';
import type { OrderConfirmed, QuoteDto } from '../../../core/orders/model';
import { $auth } from '../../stores/auth';
import { $cart } from '../../stores/cart';
import {
  $checkout,
  confirmationKeyFor,
  finishCheckout,
  forgetConfirmationKey,
  needsShippingStep,
  forgetCard,
  setOrderSummary,
} from '../../stores/checkout';
import { postJson, quoteItems } from './api';
import { describeCard } from './card';
import { GIFT_CARD_LABELS } from '../../../core/gift-cards/model';
import { shopperMustFix } from './confirm-outcome';
import { handOverOrder } from './confirmation-state';
import { CHECKOUT_TEXT, confirmLabel } from './messages';
import { AddressBlock, ContactLines, OrderLines, Totals } from './OrderLines';
import { GiftSummary } from './GiftSummary';
import PaidParts from '../gift-cards/PaidParts';

type Problem = { lines: string[]; changeCard?: boolean } | null;

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
  const [quote, setQuote] = useState<QuoteDto | null>(null);
  const [quoteError, setQuoteError] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [confirming, setConfirming] = useState(false);
  const [refresh, setRefresh] = useState(0);

  // Digital items only: nothing ships, the tax follows the billing address (DECISIONS).
  const digitalOnly = shipsNothing(cart);
  const shippingStep = needsShippingStep(checkout, digitalOnly, !isGuest);
  const billingStep =
    // No card is needed only with a gift card code (its balance pays all; the server checks).
    (!checkout.billingInfo.paymentMethodId && !checkout.giftCardCode) ||
    (digitalOnly && checkout.billingAddress.line1 === '');
  const ready = cart.length > 0 && !shippingStep && !billingStep;

  useEffect(() => {
    if (confirming) return;
    if (cart.length === 0) window.location.replace('/cart');
    else if (shippingStep) window.location.replace('/shipping');
    else if (billingStep) window.location.replace('/billing');
  }, [cart.length, confirming, shippingStep, billingStep]);

  const gift = !digitalOnly && checkout.gift.isGift ? checkout.gift : null;
  const taxAddresses = digitalOnly
    ? { shippingAddress: null, billingAddress: checkout.billingAddress }
    : { shippingAddress: checkout.shippingAddress };

  // The figures always come from the server, for this cart and this shipping address: asked again
  // when either changes, or after a refused confirm (`refresh`), never while confirming.
  const quoteRequest = ready
    ? JSON.stringify({
        items: quoteItems(cart),
        ...taxAddresses,
        ...(checkout.giftCardCode ? { giftCardCode: checkout.giftCardCode } : {}),
      })
    : null;
  const isConfirming = useEffectEvent(() => confirming);
  useEffect(() => {
    if (quoteRequest === null || isConfirming()) return;
    let cancelled = false;
    postJson<QuoteDto>('/orders/quote', JSON.parse(quoteRequest)).then((result) => {
      if (cancelled) return;
      if (!result.ok) {
        setQuoteError(result.error);
        return;
      }
      setQuoteError('');
      setQuote(result.data);
      setOrderSummary({
        items: result.data.items.map((item) => ({ ...item, _id: item._id ?? '' })),
        salesTax: result.data.salesTax,
        subtotal: result.data.subtotal,
      });
    });
    return () => {
      cancelled = true;
    };
  }, [quoteRequest, refresh]);

  async function onConfirm() {
    if (!quote) return;
    setProblem(null);
    if (isGuest && !agreed) {
      setAgreeError(CHECKOUT_TEXT.returnPolicy);
      document.getElementById('agree-return-policy')?.focus();
      return;
    }
    setAgreeError('');
    const order = {
      shippingAddress: taxAddresses.shippingAddress,
      billingAddress: checkout.billingAddress,
      billingInfo: checkout.billingInfo,
      items: quote.items.map((item) => {
        const line = cart.find((entry) => entry._id === item._id && entry.sku === item.sku);
        return {
          _id: item._id,
          title: item.title,
          variantTitle: item.variantTitle ?? undefined,
          sku: item.sku,
          quantity: item.quantity,
          price: item.price,
          supplier: line?.supplier,
          giftCard: line?.giftCard,
        };
      }),
      ...(checkout.giftCardCode ? { giftCardCode: checkout.giftCardCode } : {}),
      subtotal: quote.subtotal,
      salesTax: quote.salesTax,
      total: quote.total,
      acceptedReturnPolicy: isGuest ? agreed : true,
      isGuest,
      ...(isGuest ? { guestContact: checkout.guestContact } : {}),
      // A gift (issue 26): only what ships can be one.
      gift: gift
        ? {
            message: gift.message,
            hidePrices: gift.hidePrices,
            recipientEmail: gift.recipientEmail,
          }
        : null,
    };
    const key = confirmationKeyFor(JSON.stringify(order));
    setConfirming(true);
    const result = await postJson<OrderConfirmed>('/orders/orderconfirmation', order, {
      'idempotency-key': key,
    });
    if (result.ok) {
      handOverOrder(result.data.order);
      $cart.set([]);
      finishCheckout();
      window.location.assign('/orderconfirmation');
      return;
    }
    setConfirming(false);
    // Only a refusal the shopper must fix lets the key go; otherwise pressing again asks about
    // the same order, never a second one.
    if (shopperMustFix(result)) forgetConfirmationKey();
    if (result.error === CHECKOUT_TEXT.serverOutOfStock) {
      setProblem({ lines: [CHECKOUT_TEXT.outOfStock, CHECKOUT_TEXT.problemOnOurEnd] });
      setRefresh((n) => n + 1);
    } else if (result.status === 402 || result.status === 404) {
      setProblem({ lines: [result.error], changeCard: true });
    } else if (result.status === 0 || result.status >= 500) {
      setProblem({ lines: [CHECKOUT_TEXT.problemOnOurEnd] });
    } else if (!shopperMustFix(result)) {
      // Still confirming, or too many attempts: the server's sentence, the same order kept.
      setProblem({ lines: [result.error] });
    } else {
      setProblem({ lines: [result.error] });
      setRefresh((n) => n + 1);
    }
  }

  if (!ready) return <p>Loading…</p>;

  const warnings: Record<string, string> = {};
  for (const item of quote?.items ?? []) {
    if (item.available !== null && item.available < item.quantity) {
      warnings[item.sku] =
        item.available === 0 ? 'Out of stock' : `Only ${item.available} left in stock`;
    }
  }
  const changedPrices = (quote?.items ?? []).filter((item) => {
    const line = cart.find((entry) => entry._id === item._id && entry.sku === item.sku);
    return line && dollarsToCents(line.price) !== dollarsToCents(item.price);
  });

  return (
    <div className="review">
      <section aria-labelledby="review-items">
        <h2 id="review-items">Order summary</h2>
        {quoteError && (
          <div className="form-error" role="alert">
            <p>{quoteError}</p>
            <a href="/cart">Review your cart</a>
          </div>
        )}
        {!quote && !quoteError && <p>Calculating your total…</p>}
        {quote && (
          <>
            {changedPrices.length > 0 && (
              <p className="notice" role="status">
                {changedPrices
                  .map(
                    (item) =>
                      `The price of ${item.title} has changed to ${formatDollars(item.price)}.`,
                  )
                  .join(' ')}
              </p>
            )}
            <OrderLines items={quote.items} warnings={warnings} />
            <Totals
              subtotal={quote.subtotal}
              salesTax={quote.salesTax}
              tax={quote.tax}
              total={quote.total}
            />
            <PaidParts
              total={quote.total}
              giftCardPaid={quote.giftCard?.applied ?? 0}
              last4={quote.giftCard?.last4}
            />
          </>
        )}
      </section>

      <section aria-labelledby="review-details" className="review-details">
        <h2 id="review-details" className="visually-hidden">
          Shipping and payment
        </h2>
        {digitalOnly ? (
          <div>
            <h3>Billing address</h3>
            <ContactLines contact={checkout.guestContact} />
            <AddressBlock address={checkout.billingAddress} />
            <p className="hint">{CHECKOUT_TEXT.noShipping}</p>
            <a href="/billing">Change</a>
          </div>
        ) : (
          <div>
            <h3>Shipping to</h3>
            <ContactLines contact={checkout.guestContact} />
            <AddressBlock address={checkout.shippingAddress} />
            <a href="/shipping">Change</a>
          </div>
        )}
        {gift && (
          <div>
            <GiftSummary
              id="review-gift"
              gift={{
                message: gift.message.trim(),
                hidePrices: gift.hidePrices,
                recipientEmail: gift.recipientEmail.trim() || null,
              }}
            />
            <a href="/shipping">Change</a>
          </div>
        )}
        <div>
          <h3>Payment</h3>
          <p>
            {checkout.billingInfo.paymentMethodId
              ? describeCard(checkout.billingInfo)
              : GIFT_CARD_LABELS.coversAll}
          </p>
          <a href="/billing">Change</a>
        </div>
      </section>

      {isGuest && (
        <div className="field agree">
          <label className="checkbox">
            <input
              id="agree-return-policy"
              type="checkbox"
              checked={agreed}
              aria-invalid={agreeError ? true : undefined}
              aria-describedby={agreeError ? 'agree-error' : undefined}
              onChange={(event) => {
                setAgreed(event.target.checked);
                if (event.target.checked) setAgreeError('');
              }}
            />
            <span>
              I agree to the{' '}
              <a href="/return-policy" target="_blank" rel="noopener">
                Return Policy
              </a>
            </span>
          </label>
          {agreeError && (
            <p className="field-error" id="agree-error">
              {agreeError}
            </p>
          )}
        </div>
      )}

      {problem && (
        <div className="form-error" role="alert">
          {problem.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {problem.changeCard && (
            <a href="/billing" onClick={forgetCard}>
              Use another card
            </a>
          )}
        </div>
      )}

      <div className="actions">
        <a href="/billing">Back to billing</a>
        <button
          type="button"
          className="button primary"
          onClick={onConfirm}
          disabled={!quote || confirming}
        >
          {confirming ? CHECKOUT_TEXT.confirming : confirmLabel(live)}
        </button>
      </div>
    </div>
  );
}
