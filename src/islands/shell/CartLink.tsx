import { useStore } from '@nanostores/react';
import { $cartCount } from '../../stores/cart';
import { CartIcon } from './icons';
import { useHydrated } from '../shared/useHydrated';
import styles from './HeaderActions.module.css';

/** The cart icon with a badge of the total item count from the persisted cart (spec §2). */
export function CartLink() {
  const hydrated = useHydrated();
  const stored = useStore($cartCount);
  const count = hydrated ? stored : 0;
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <a className={styles.iconButton} href="/cart" aria-label={label}>
      <CartIcon />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true" data-testid="cart-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
