import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductDto } from '../../../api/modules/product/model';
import { HOME_TEXT } from '../../lib/site-messages';
import { FeaturedCard } from './FeaturedCard';
import styles from './FeaturedCarousel.module.css';

type State = { status: 'loading' } | { status: 'ready'; products: ProductDto[] };

const FEATURED_URL = '/api/product/search?isFeatured=true';

async function loadFeatured(): Promise<ProductDto[]> {
  try {
    const response = await fetch(FEATURED_URL, { headers: { accept: 'application/json' } });
    if (!response.ok) return [];
    const body = (await response.json()) as { products?: ProductDto[] };
    return body.products ?? [];
  } catch {
    // Offline or the API is down: the carousel says there is nothing to show.
    return [];
  }
}

/**
 * The home page's Featured Products carousel (spec §2, §9): 3 cards a view, 2 under 640 px.
 * The track is a scroll-snapping list, so touch swipes and the keyboard (Tab through the cards,
 * arrow keys on the focused track) work natively; Previous and Next move a whole view.
 */
export default function FeaturedCarousel() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const track = useRef<HTMLUListElement>(null);

  useEffect(() => {
    let active = true;
    loadFeatured().then((products) => active && setState({ status: 'ready', products }));
    return () => {
      active = false;
    };
  }, []);

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
  }, [state, updateEdges]);

  function move(direction: 1 | -1) {
    const element = track.current;
    if (!element) return;
    const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }

  if (state.status === 'loading') {
    return (
      <p className={styles.message} role="status">
        {HOME_TEXT.loadingProducts}
      </p>
    );
  }
  if (state.products.length === 0) {
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
      <div className={styles.controls}>
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
      </div>
      <ul
        id="featured-track"
        ref={track}
        className={styles.track}
        tabIndex={0}
        aria-label="Featured products, scroll sideways for more"
      >
        {state.products.map((product, index) => (
          <li
            key={product._id}
            className={styles.slide}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${state.products.length}`}
          >
            <FeaturedCard product={product} />
          </li>
        ))}
      </ul>
    </div>
  );
}
