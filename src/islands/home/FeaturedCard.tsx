import type { ProductDto } from '../../../api/modules/product/model';
import { formatDollars } from '../../../api/lib/money';
import { FALLBACK_PRICE } from '../../consts';
import styles from './FeaturedCarousel.module.css';

/** One product in the carousel: picture, title and price, linking to its page. */
export function FeaturedCard({ product }: { product: ProductDto }) {
  const image = product.image[0];
  return (
    <article className={styles.card} data-testid="product-card">
      <a className={styles.cardLink} href={`/productdetailpage/${product._id}`}>
        {image && (
          <img
            className={styles.cardImage}
            src={image}
            alt={product.alttext}
            width={400}
            height={400}
            loading="lazy"
            decoding="async"
          />
        )}
        <h3 className={styles.cardTitle}>{product.title}</h3>
      </a>
      <p className={styles.cardPrice}>{formatDollars(product.price ?? FALLBACK_PRICE)}</p>
    </article>
  );
}
