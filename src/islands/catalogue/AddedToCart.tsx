import { useEffect } from 'react';
import styles from './AddedToCart.module.css';

interface AddedToCartProps {
  added: number;
  /** Units in the cart now. */
  count: number;
  title: string;
  variant?: string | undefined;
  /** A small picture of what was added. */
  image?: string | undefined;
  onClose: () => void;
}

/**
 * The confirmation after Add to cart: what went in, with 'View cart' and 'Check out'. It floats
 * over the bottom of the screen (fixed), so it never moves the page under the shopper's finger;
 * Close or Escape puts it away. It sits in the product form's status region, so it is announced.
 */
export default function AddedToCart({
  added,
  count,
  title,
  variant,
  image,
  onClose,
}: AddedToCartProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.panel} data-testid="added-to-cart">
      {image && <img className={styles.image} src={image} alt="" width={56} height={56} />}
      <div className={styles.body}>
        <p className={styles.sentence}>
          Added {added} to your cart, which now holds {count} {count === 1 ? 'item' : 'items'}.
        </p>
        <p className={styles.product}>
          {title}
          {variant && <span className={styles.variant}> ({variant})</span>}
        </p>
        <p className={styles.actions}>
          <a className={styles.secondary} href="/cart">
            View cart
          </a>
          <a className={styles.primary} href="/shipping">
            Check out
          </a>
        </p>
      </div>
      <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
        ×
      </button>
    </div>
  );
}
