import type { ProductDto } from '../../../core/product/model';
import { productCardHtml } from '../../lib/catalogue-html';
import '../../styles/product-card.css';
import styles from './FeaturedCarousel.module.css';

/** The carousel shows 3 cards a view, 2 under 640 px (FeaturedCarousel.module.css). */
const FEATURED_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 30vw, 45vw';

/**
 * The carousel's scrollable list of featured products. The home page renders it on the server as
 * the island's child, so the products travel once, as HTML, and never as the island's props. Each
 * slide holds the shop's one product card, the listings' own (src/lib/catalogue-html.ts).
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
          dangerouslySetInnerHTML={{ __html: productCardHtml(product, { sizes: FEATURED_SIZES }) }}
        />
      ))}
    </ul>
  );
}
