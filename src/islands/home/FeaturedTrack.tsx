import type { ProductDto } from '../../../core/product/model';
import { FeaturedCard } from './FeaturedCard';
import styles from './FeaturedCarousel.module.css';

/**
 * The carousel's scrollable list of featured products. The home page renders it on the server as
 * the island's child, so the products travel once, as HTML, and never as the island's props.
 */
export function FeaturedTrack({ products }: { products: ProductDto[] }) {
  if (products.length === 0) return null;
  return (
    <ul
      id="featured-track"
      className={styles.track}
      tabIndex={0}
      aria-label="Featured products, scroll sideways for more"
    >
      {products.map((product, index) => (
        <li
          key={product._id}
          className={styles.slide}
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${products.length}`}
        >
          <FeaturedCard product={product} />
        </li>
      ))}
    </ul>
  );
}
