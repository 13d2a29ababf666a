import { dollarsToCents, formatDollars } from '../../../core/money';
import type { QuoteDto } from '../../../core/orders/model';
import { DISCOUNT_LABELS } from '../../../core/discounts/labels';
import { GIFT_CARD_LABELS } from '../../../core/gift-cards/model';
import type { CartItem } from '../../stores/cart';
import { forgetCard, type CheckoutGift, type CheckoutState } from '../../stores/checkout';
import PaidParts from '../gift-cards/PaidParts';
import { ArrivalLine } from '../shared/ArrivalLine';
import { describeCard } from '../shared/card';
import { GiftSummary } from '../shared/GiftSummary';
import { CHECKOUT_TEXT } from './messages';
import { AddressBlock, ContactLines, OrderLines, Totals } from './OrderLines';
import type { Problem } from './order-request';

/** The lines whose stock is short of the quantity, by SKU: "Out of stock" or how many are left. */
function stockWarnings(quote: QuoteDto) {
  const warnings: Record<string, string> = {};
  for (const item of quote.items) {
    if (item.available !== null && item.available < item.quantity) {
      warnings[item.sku] =
        item.available === 0 ? 'Out of stock' : `Only ${item.available} left in stock`;
    }
  }
  return warnings;
}

/** The lines whose price changed since they went into the cart. */
function changedPrices(quote: QuoteDto, cart: CartItem[]) {
  return quote.items.filter((item) => {
    const line = cart.find((entry) => entry._id === item._id && entry.sku === item.sku);
    return line && dollarsToCents(line.price) !== dollarsToCents(item.price);
  });
}

/** "Order summary": the server's figures, or why there are none yet. */
export function QuoteSection({
  quote,
  quoteError,
  cart,
  onRemoveDiscount,
}: {
  quote: QuoteDto | null;
  quoteError: string;
  cart: CartItem[];
  /** The discount code is why there is no quote (issue 42): the way on without it. */
  onRemoveDiscount?: (() => void) | undefined;
}) {
  const changed = quote ? changedPrices(quote, cart) : [];
  return (
    <section aria-labelledby="review-items">
      <h2 id="review-items">Order summary</h2>
      {quoteError && (
        <div className="form-error" role="alert">
          <p>{quoteError}</p>
          {onRemoveDiscount ? (
            <button type="button" className="button" onClick={onRemoveDiscount}>
              {DISCOUNT_LABELS.goOnWithout}
            </button>
          ) : (
            <a href="/cart">Review your cart</a>
          )}
        </div>
      )}
      {!quote && !quoteError && <p>Calculating your total…</p>}
      {quote && (
        <>
          {changed.length > 0 && (
            <p className="notice" role="status">
              {changed
                .map(
                  (item) =>
                    `The price of ${item.title} has changed to ${formatDollars(item.price)}.`,
                )
                .join(' ')}
            </p>
          )}
          <OrderLines items={quote.items} warnings={stockWarnings(quote)} />
          <Totals
            subtotal={quote.subtotal}
            discount={quote.discount}
            salesTax={quote.salesTax}
            tax={quote.tax}
            total={quote.total}
          />
          <ArrivalLine arrival={quote.arrival} />
          <PaidParts
            total={quote.total}
            giftCardPaid={quote.giftCard?.applied ?? 0}
            last4={quote.giftCard?.last4}
          />
        </>
      )}
    </section>
  );
}

/** "Shipping and payment": where it goes (or the billing address), the gift, the card. */
export function ReviewDetails({
  checkout,
  digitalOnly,
  gift,
}: {
  checkout: CheckoutState;
  digitalOnly: boolean;
  gift: CheckoutGift | null;
}) {
  return (
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
  );
}

/** A guest's "I agree to the Return Policy", with the sentence when it was not ticked. */
export function ReturnPolicyAgreement({
  agreed,
  error,
  onAgree,
}: {
  agreed: boolean;
  error: string;
  onAgree: (checked: boolean) => void;
}) {
  return (
    <div className="field agree">
      <label className="checkbox">
        <input
          id="agree-return-policy"
          type="checkbox"
          checked={agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'agree-error' : undefined}
          onChange={(event) => onAgree(event.target.checked)}
        />
        <span>
          I agree to the{' '}
          <a href="/return-policy" target="_blank" rel="noopener">
            Return Policy
          </a>
        </span>
      </label>
      {error && (
        <p className="field-error" id="agree-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Why the confirm was refused, with "Use another card" when the card is the reason. */
export function ConfirmProblem({
  problem,
  onRemoveDiscount,
}: {
  problem: NonNullable<Problem>;
  /** Goes on without the refused discount code (issue 42). */
  onRemoveDiscount: () => void;
}) {
  return (
    <div className="form-error" role="alert">
      {problem.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {problem.removeDiscount && (
        <button type="button" className="button" onClick={onRemoveDiscount}>
          {DISCOUNT_LABELS.goOnWithout}
        </button>
      )}
      {problem.changeCard && (
        <a href="/billing" onClick={forgetCard}>
          Use another card
        </a>
      )}
    </div>
  );
}
