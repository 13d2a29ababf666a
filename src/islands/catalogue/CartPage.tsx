import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { CartValidation } from '../../../core/cart/model';
import {
  availableStock,
  isDigital,
  isDigitalOnly,
  limitMessage,
  lineCap,
  MAX_PER_LINE,
  shipsNothing,
} from '../../../core/cart/rules';
import { formatDollars } from '../../../core/money';
import { api } from '../../lib/api-client';
import { imageEndpointUrl, productImageSize } from '../../../core/images/product-images';
import {
  $cart,
  $cartCount,
  $cartSubtotal,
  applyCartCheck,
  clearCart,
  removeCartItem,
  updateCartItemQuantity,
  type CartItem,
} from '../../stores/cart';
import LimitMessage from './LimitMessage';
import PersonalizedTexts, { personalizedName } from '../shared/PersonalizedTexts';
import { personalizationKey } from '../../../core/product/personalized-text';
import { limitText } from './purchase-texts';

const keyOf = (item: Pick<CartItem, '_id' | 'sku' | 'personalization'>) =>
  `${item._id}|${item.sku}|${personalizationKey(item.personalization)}`;

/** Asks the server whether the cart still holds (prices, stock, products) and applies its answer. */
async function checkCart(): Promise<string[]> {
  const sent = $cart.get();
  if (sent.length === 0) return [];
  const answer = await api.post<CartValidation>('/cart/validate', {
    items: sent.map(
      ({ _id, sku, quantity, price, title, variantTitle, giftCard, personalization }) => ({
        _id,
        sku,
        quantity,
        price,
        title,
        variantTitle,
        giftCard,
        personalization,
      }),
    ),
  });
  if (!answer.ok) throw new Error(`cart check answered ${answer.status}`);
  const result = answer.data;
  applyCartCheck(result.items, sent);
  return result.changes.map((change) => change.message);
}

function Thumbnail({ item }: { item: CartItem }) {
  if (!item.image) return <span className="thumb" />;
  const size = productImageSize(item);
  const height = Math.round((96 * size.height) / size.width);
  return (
    <img
      className="thumb"
      src={imageEndpointUrl(item.image, { width: 192, height: height * 2 })}
      width={96}
      height={height}
      alt=""
      decoding="async"
    />
  );
}

/**
 * Why a line's '+' is disabled at its maximum (issue 13 point 6), said before it bites, and the
 * one sentence when a quantity typed is more than it may hold (issue 24 point 7): the limit that
 * binds, never a second line beside it.
 */
export function maximumReason(item: CartItem): string {
  if (isDigital(item)) return 'A digital item is sold one to an order.';
  return `${limitText({ digital: false, stock: availableStock(item), most: MAX_PER_LINE }, 0, 0, limitMessage)}.`;
}

/**
 * The cart page (spec §2 Cart, §4): each line with its quantity, remove and clear, the subtotal and
 * the way to checkout. On load the cart is checked against the server; every correction (a new
 * price, less stock, a product gone) is shown to the shopper, never made silently.
 */
export default function CartPage() {
  const items = useStore($cart);
  const count = useStore($cartCount);
  const total = useStore($cartSubtotal);
  const [checking, setChecking] = useState(true);
  const [changes, setChanges] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const [limits, setLimits] = useState<Record<string, string>>({});
  /** The lines a 'Clear cart' took away, kept for its Undo. */
  const [cleared, setCleared] = useState<CartItem[] | null>(null);
  const undo = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (cleared) undo.current?.focus();
  }, [cleared]);

  function clearWithUndo() {
    setCleared($cart.get());
    setLimits({});
    clearCart();
  }

  function undoClear() {
    if (cleared && $cart.get().length === 0) $cart.set(cleared);
    setCleared(null);
  }

  useEffect(() => {
    checkCart()
      .then(setChanges)
      .catch(() =>
        setProblem(
          'We could not check your cart against today’s prices and stock. They will be checked again at checkout.',
        ),
      )
      .finally(() => setChecking(false));
  }, []);

  function setQuantity(item: CartItem, quantity: number) {
    const result = updateCartItemQuantity(item._id, item.sku, quantity, item.personalization);
    setLimits((current) => {
      const { [keyOf(item)]: _old, ...rest } = current;
      return result.limited ? { ...rest, [keyOf(item)]: maximumReason(item) } : rest;
    });
  }

  const notices = (
    <div role="status" className="notices" aria-live="polite">
      {checking && items.length > 0 && <p>Checking prices and stock…</p>}
      {changes.length > 0 && (
        <ul className="changes" aria-label="Changes to your cart">
          {changes.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {problem && <p>{problem}</p>}
    </div>
  );

  if (items.length === 0) {
    return (
      <>
        {notices}
        {cleared && (
          <p className="cleared" role="status">
            Your cart was cleared.{' '}
            <button ref={undo} type="button" className="undo" onClick={undoClear}>
              Undo
            </button>
          </p>
        )}
        <p className="empty">Your cart is empty.</p>
        <p>
          <a href="/">Continue shopping</a>
        </p>
      </>
    );
  }

  return (
    <>
      {notices}
      <ul className="lines" aria-label="Items in your cart">
        {items.map((item) => {
          const cap = Math.max(1, lineCap(item));
          const atMaximum = item.quantity >= cap;
          const maxId = `max-${keyOf(item).replace(/[^\w-]/g, '_')}`;
          const label = personalizedName(
            item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title,
            item.personalization,
          );
          return (
            <li key={keyOf(item)} className="line" data-testid="cart-line">
              <Thumbnail item={item} />
              <div className="what">
                <a href={`/productdetailpage/${item._id}`} className="title">
                  {item.title}
                </a>
                {item.variantTitle && <p className="variant">{item.variantTitle}</p>}
                <PersonalizedTexts texts={item.personalization} />
                <p className="unit">{formatDollars(item.price)} each</p>
              </div>
              <div className="quantity">
                <button
                  type="button"
                  aria-label={`One fewer ${label}`}
                  disabled={item.quantity <= 1}
                  onClick={() => setQuantity(item, item.quantity - 1)}
                >
                  −
                </button>
                <input
                  type="number"
                  min={1}
                  max={cap}
                  value={item.quantity}
                  aria-label={`Quantity of ${label}`}
                  onChange={(event) => {
                    const wanted = Number(event.target.value);
                    if (Number.isFinite(wanted) && event.target.value !== '')
                      setQuantity(item, wanted);
                  }}
                />
                <button
                  type="button"
                  aria-label={`One more ${label}`}
                  aria-describedby={atMaximum ? maxId : undefined}
                  disabled={atMaximum}
                  onClick={() => setQuantity(item, item.quantity + 1)}
                >
                  +
                </button>
              </div>
              {atMaximum && !limits[keyOf(item)] && (
                <p id={maxId} className="line-max" data-testid="line-max">
                  {maximumReason(item)}
                </p>
              )}
              <p className="line-total">{formatDollars(item.price * item.quantity)}</p>
              <button
                type="button"
                className="remove"
                aria-label={`Remove ${label}`}
                onClick={() => removeCartItem(item._id, item.sku, item.personalization)}
              >
                Remove
              </button>
              {limits[keyOf(item)] && (
                <div className="line-limit" id={atMaximum ? maxId : undefined}>
                  <LimitMessage message={limits[keyOf(item)]!} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="summary">
        <p>
          Subtotal ({count} {count === 1 ? 'item' : 'items'}):{' '}
          <strong data-testid="subtotal">{formatDollars(total)}</strong>
        </p>
        <p className="note">
          {isDigitalOnly(items)
            ? 'Digital items only: nothing is shipped. Sales tax is calculated from your billing address.'
            : shipsNothing(items)
              ? // Gift cards (with downloads, or alone) are emailed: no parcel, and no tax on a card.
                'Nothing is shipped: gift cards are emailed on the day you choose.'
              : 'Prices include shipping. Sales tax is calculated from your shipping address.'}
        </p>
        <div className="actions">
          <button type="button" className="clear" onClick={clearWithUndo}>
            Clear cart
          </button>
          <a className="checkout" href="/shipping">
            Proceed to checkout
          </a>
        </div>
      </div>
    </>
  );
}
