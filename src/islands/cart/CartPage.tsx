import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  $cart,
  $cartCount,
  $cartSubtotal,
  clearCart,
  removeCartItem,
  updateCartItemQuantity,
  type CartItem,
} from '../../stores/cart';
import type { ArrivalAnswer } from '../shared/ArrivalLine';
import { checkCart } from './cart-check';
import { CartLine, keyOf, maximumReason } from './CartLine';
import { CartSummary } from './CartSummary';

export { maximumReason };

/**
 * The cart check's answer: the corrections shown, when the cart arrives, or why it failed. Asked
 * on load and again when a line comes or goes (what arrives when may change); not for quantities.
 */
function useCartCheck(lineKeys: string) {
  const [checking, setChecking] = useState(true);
  const [changes, setChanges] = useState<string[]>([]);
  const [arrival, setArrival] = useState<ArrivalAnswer | null>(null);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let current = true;
    checkCart()
      .then((checked) => {
        // The corrections were applied to the cart, which changes its lines and so starts the
        // next check: what was corrected is still to be shown, only the arrival is then stale.
        if (checked.changes.length > 0) setChanges(checked.changes);
        if (current) setArrival(checked.arrival);
      })
      .catch(() =>
        setProblem(
          'We could not check your cart against today’s prices and stock. They will be checked again at checkout.',
        ),
      )
      .finally(() => setChecking(false));
    return () => {
      current = false;
    };
  }, [lineKeys]);
  return { checking, changes, arrival, problem };
}

/** 'Clear cart' and its Undo: the lines it took away are kept until Undo or the next change. */
function useClearWithUndo(onClear: () => void) {
  const [cleared, setCleared] = useState<CartItem[] | null>(null);
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (cleared) undo.current?.focus();
  }, [cleared]);
  return {
    cleared,
    undo,
    clearWithUndo() {
      setCleared($cart.get());
      onClear();
      clearCart();
    },
    undoClear() {
      if (cleared && $cart.get().length === 0) $cart.set(cleared);
      setCleared(null);
    },
  };
}

/**
 * The cart page (spec §2 Cart, §4): each line with its quantity, remove and clear, the subtotal,
 * when it arrives and the way to checkout. On load the cart is checked against the server; every
 * correction (a new price, less stock, a product gone) is shown to the shopper, never made silently.
 */
export default function CartPage() {
  const items = useStore($cart);
  const count = useStore($cartCount);
  const total = useStore($cartSubtotal);
  const { checking, changes, arrival, problem } = useCartCheck(items.map(keyOf).join('\n'));
  const [limits, setLimits] = useState<Record<string, string>>({});
  const { cleared, undo, clearWithUndo, undoClear } = useClearWithUndo(() => setLimits({}));

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
        {items.map((item) => (
          <CartLine
            key={keyOf(item)}
            item={item}
            limit={limits[keyOf(item)]}
            onQuantity={(quantity) => setQuantity(item, quantity)}
            onRemove={() => removeCartItem(item._id, item.sku, item.personalization)}
          />
        ))}
      </ul>
      <CartSummary
        items={items}
        count={count}
        total={total}
        arrival={arrival}
        onClear={clearWithUndo}
      />
    </>
  );
}
