import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { HOME_TEXT } from '../../../core/site-messages';
import { useHydrated } from '../shared/useHydrated';
import styles from './FeaturedCarousel.module.css';

/** The server-rendered track inside the carousel's region. */
function trackIn(region: HTMLElement | null) {
  return region?.querySelector<HTMLUListElement>('#featured-track') ?? null;
}

/**
 * The home page's Featured Products carousel (spec §2, §9): 3 cards a view, 2 under 640 px.
 * The products are the island's child, `FeaturedTrack`, rendered on the server into the page's
 * HTML (a scrollable list that works without JavaScript) and kept as it is when the island runs;
 * the island only adds the Previous and Next buttons, so its props are a count, not the products.
 * The track is a scroll-snapping list, so touch swipes and the keyboard (Tab through the cards,
 * arrow keys on the focused track) work natively; Previous and Next move a whole view.
 */
export default function FeaturedCarousel({
  count,
  children,
}: {
  count: number;
  /** The track (`FeaturedTrack`), as server-rendered HTML. */
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const { region, edges } = useTrackEdges();

  function move(direction: 1 | -1) {
    const element = trackIn(region.current);
    if (!element) return;
    const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }

  if (count === 0) {
    return (
      <p className={styles.message} role="status">
        {HOME_TEXT.noFeaturedProducts}
      </p>
    );
  }

  return (
    <div
      ref={region}
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured products"
    >
      {/* The buttons need the island; their row keeps its height so nothing moves when they come. */}
      <div className={styles.controls}>
        {hydrated && (
          <>
            <MoveButton
              label="Previous products"
              glyph="‹"
              disabled={edges.atStart}
              onClick={() => move(-1)}
            />
            <MoveButton
              label="Next products"
              glyph="›"
              disabled={edges.atEnd}
              onClick={() => move(1)}
            />
          </>
        )}
      </div>
      {children}
    </div>
  );
}

/** The carousel's ref, and whether its track is scrolled to its start or its end (kept as it scrolls). */
function useTrackEdges() {
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const region = useRef<HTMLDivElement>(null);
  const updateEdges = useCallback(() => {
    const element = trackIn(region.current);
    if (!element) return;
    const slack = 4;
    setEdges({
      atStart: element.scrollLeft <= slack,
      atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - slack,
    });
  }, []);

  useEffect(() => {
    const element = trackIn(region.current);
    if (!element) return;
    updateEdges();
    element.addEventListener('scroll', updateEdges, { passive: true });
    window.addEventListener('resize', updateEdges);
    return () => {
      element.removeEventListener('scroll', updateEdges);
      window.removeEventListener('resize', updateEdges);
    };
  }, [updateEdges]);
  return { region, edges };
}

/** Previous or Next: moves the track by a view. */
function MoveButton(props: {
  label: string;
  glyph: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-controls="featured-track"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <span aria-hidden="true">{props.glyph}</span>
    </button>
  );
}
