import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { RatingAnswer } from '../../../core/ratings/model';
import { isDigitalKind, type ProductKind } from '../../../core/product/kind';
import { api } from '../../lib/api-client';
import { loginHref } from '../../lib/login-redirect';
import { THUMB_PATH, THUMB_SVG } from '../../lib/thumb-icon';
import { $auth } from '../../stores/auth';
import { useHydrated } from '../shared/useHydrated';
import styles from './ProductRating.module.css';
import { RATING_TEXT } from './rating-text';

export interface ProductRatingProps {
  productId: string;
  /** The product's kind: a digital product is never rated. */
  kind: ProductKind;
  thumbsUp: number;
  thumbsDown: number;
}

type Thumb = 'up' | 'down';

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg className={`${styles.icon} ${down ? styles.down : ''}`} {...THUMB_SVG}>
      <path fill="currentColor" d={THUMB_PATH} />
    </svg>
  );
}

/** The signed-in, verified shopper's own thumb on the product, asked for once they can rate. */
function useMyRating(canRate: boolean, productId: string) {
  const [mine, setMine] = useState<Thumb | null>(null);
  useEffect(() => {
    if (!canRate) return;
    let active = true;
    void api.get<{ rating: Thumb | null }>(`/product/${productId}/rating`).then((result) => {
      if (active && result.ok) setMine(result.data.rating);
    });
    return () => {
      active = false;
    };
  }, [canRate, productId]);
  return [mine, setMine] as const;
}

/**
 * Thumbs up and down on the product page (spec §2 Product detail, DECISIONS "Ratings"): everyone
 * sees the counts; a signed-in customer with a verified email presses a thumb (again: withdraws
 * it; the other: switches), and the counts come back from the server (POST /product/{id}/rate).
 * Guests get a link to log in. Nothing for digital products.
 */
export default function ProductRating({
  productId,
  kind,
  thumbsUp,
  thumbsDown,
}: ProductRatingProps) {
  const hydrated = useHydrated();
  const { isLoggedIn, user } = useStore($auth);
  const [counts, setCounts] = useState({ thumbsUp, thumbsDown });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const canRate = hydrated && isLoggedIn && Boolean(user?.verifiedemail);
  const [mine, setMine] = useMyRating(canRate, productId);

  if (isDigitalKind({ kind })) return null;

  async function press(type: Thumb) {
    setBusy(true);
    setFailed(false);
    const result = await api.post<RatingAnswer>(`/product/${productId}/rate`, { type });
    setBusy(false);
    if (result.ok) {
      setCounts({ thumbsUp: result.data.thumbsUp, thumbsDown: result.data.thumbsDown });
      setMine(result.data.rating);
    } else if (result.status !== 401) {
      setFailed(true);
    }
  }

  const count = (type: Thumb) => (
    <span data-testid={type === 'up' ? 'thumbs-up' : 'thumbs-down'}>
      {type === 'up' ? counts.thumbsUp : counts.thumbsDown}
    </span>
  );
  const label = (type: Thumb) => (type === 'up' ? 'thumbs up' : 'thumbs down');

  return (
    <div>
      <p className={styles.rating}>
        {(['up', 'down'] as const).map((type) =>
          canRate ? (
            <button
              key={type}
              type="button"
              className={styles.thumb}
              aria-pressed={mine === type}
              disabled={busy}
              onClick={() => void press(type)}
            >
              <ThumbIcon down={type === 'down'} />
              {count(type)} {label(type)}
            </button>
          ) : (
            <span key={type} className={styles.thumb}>
              <ThumbIcon down={type === 'down'} />
              {count(type)} {label(type)}
            </span>
          ),
        )}
      </p>
      {hydrated && !isLoggedIn && (
        <p className={styles.note}>
          <a href={loginHref(`${location.pathname}${location.search}`)}>{RATING_TEXT.logIn}</a>
        </p>
      )}
      {hydrated && isLoggedIn && !user?.verifiedemail && (
        <p className={styles.note}>{RATING_TEXT.verify}</p>
      )}
      {failed && (
        <p className={styles.error} role="alert">
          {RATING_TEXT.failed}
        </p>
      )}
    </div>
  );
}
