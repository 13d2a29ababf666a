import type { ProductDto } from '../../../core/product/model';
import { formatDollars } from '../../../core/money';
import { productPrice } from '../../../core/product/price';
import { imageEndpointUrl, productImageSize } from '../../../core/images/product-images';
import styles from './FeaturedCarousel.module.css';

/** One product in the carousel: picture, title and price, linking to its page. */
export function FeaturedCard({ product }: { product: ProductDto }) {
  const image = product.image[0];
  const size = productImageSize(product.category);
  // Copies the image endpoint offers (core/images/image-allow-list.ts): 400 and 800 wide.
  const copy = (width: number) =>
    imageEndpointUrl(image!, { width, height: Math.round((width * size.height) / size.width) });
  return (
    <article className={styles.card} data-testid="product-card">
      <a className={styles.cardLink} href={`/productdetailpage/${product._id}`}>
        {image && (
          <img
            className={styles.cardImage}
            src={copy(400)}
            srcSet={`${copy(400)} 400w, ${copy(800)} 800w`}
            sizes="(min-width: 64rem) 20rem, (min-width: 40rem) 30vw, 45vw"
            alt={product.alttext}
            width={400}
            height={Math.round((400 * size.height) / size.width)}
            loading="lazy"
            decoding="async"
          />
        )}
        <h3 className={styles.cardTitle}>{product.title}</h3>
      </a>
      <p className={styles.cardPrice}>{formatDollars(productPrice(product))}</p>
    </article>
  );
}
