import { isDigitalOnly, shipsNothing } from '../../../core/cart/rules';
import { formatDollars } from '../../../core/money';
import type { CartItem } from '../../stores/cart';
import { ArrivalLine, type ArrivalAnswer } from '../shared/ArrivalLine';
import { CartDiscount } from './CartDiscount';

/** The cart's foot: the subtotal, when it arrives, what shipping and tax come to, the actions. */
export function CartSummary({
  items,
  count,
  total,
  arrival,
  onClear,
}: {
  items: CartItem[];
  count: number;
  total: number;
  /** The server's answer (issue 41); none while it is being asked. */
  arrival: ArrivalAnswer | null;
  onClear: () => void;
}) {
  return (
    <div className="summary">
      <p>
        Subtotal ({count} {count === 1 ? 'item' : 'items'}):{' '}
        <strong data-testid="subtotal">{formatDollars(total)}</strong>
      </p>
      <CartDiscount items={items} />
      <ArrivalLine arrival={arrival} />
      <p className="note">
        {isDigitalOnly(items)
          ? 'Digital items only: nothing is shipped. Sales tax is calculated from your billing address.'
          : shipsNothing(items)
            ? // Gift cards (with downloads, or alone) are emailed: no parcel, and no tax on a card.
              'Nothing is shipped: gift cards are emailed on the day you choose.'
            : 'Prices include shipping. Sales tax is calculated from your shipping address.'}
      </p>
      <div className="actions">
        <button type="button" className="clear" onClick={onClear}>
          Clear cart
        </button>
        <a className="checkout" href="/shipping">
          Proceed to checkout
        </a>
      </div>
    </div>
  );
}
