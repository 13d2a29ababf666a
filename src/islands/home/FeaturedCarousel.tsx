import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductDto } from '../../../api/modules/product/model';
import { HOME_TEXT } from '../../lib/site-messages';
import { FeaturedCard } from './FeaturedCard';
import { useHydrated } from '../shell/useHydrated';
import styles from './FeaturedCarousel.module.css';

/**
 * The home page's Featured Products carousel (spec §2, §9): 3 cards a view, 2 under 640 px.
 * The products come from the server and are in the page's HTML (a scrollable list that works
 * without JavaScript); once the island runs it adds the Previous and Next buttons. The track is a
 * scroll-snapping list, so touch swipes and the keyboard (Tab through the cards, arrow keys on the
 * focused track) work natively; Previous and Next move a whole view.
 */
export default function FeaturedCarousel({ products }: { products: ProductDto[] }) {
  const hydrated = useHydrated();
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const track = useRef<HTMLUListElement>(null);

  const updateEdges = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const slack = 4;
    setEdges({
      atStart: element.scrollLeft <= slack,
      atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - slack,
    });
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    updateEdges();
    element.addEventListener('scroll', updateEdges, { passive: true });
    window.addEventListener('resize', updateEdges);
    return () => {
      element.removeEventListener('scroll', updateEdges);
      window.removeEventListener('resize', updateEdges);
    };
  }, [updateEdges]);

  function move(direction: 1 | -1) {
    const element = track.current;
    if (!element) return;
    const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }

  if (products.length === 0) {
    return (
      <p className={styles.message} role="status">
        {HOME_TEXT.noFeaturedProducts}
      </p>
    );
  }

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured products"
    >
      {/* The buttons need the island; their row keeps its height so nothing moves when they come. */}
      <div className={styles.controls}>
        {hydrated && (
          <>
            <button
              type="button"
              className={styles.control}
              aria-controls="featured-track"
              aria-label="Previous products"
              disabled={edges.atStart}
              onClick={() => move(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={styles.control}
              aria-controls="featured-track"
              aria-label="Next products"
              disabled={edges.atEnd}
              onClick={() => move(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      <ul
        id="featured-track"
        ref={track}
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
    </div>
  );
}
