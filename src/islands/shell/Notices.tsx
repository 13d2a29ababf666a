import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { readStored, writeStored } from '../../lib/browser-storage';
import { COOKIE_NOTICE, NOTICE_BARS, STORAGE_KEYS } from '../../../core/site-messages';
import styles from './Notices.module.css';
import { useHydrated } from './useHydrated';

type NoticeId = (typeof NOTICE_BARS)[number]['id'];

const isDismissed = (id: NoticeId) => readStored(STORAGE_KEYS.noticeDismissed(id)) === 'dismissed';

/**
 * The two top notice bars and the cookie notice (spec §2). The bars sit above the header in the
 * page's own flow, so they never cover the shop and a tap on one lands on the bar itself. Their
 * room is kept from the first paint (the server renders them, empty until their delay has passed,
 * and NoticeBarsGate.astro hides the ones dismissed on an earlier page before paint), so their
 * arrival moves nothing. A click anywhere then dismisses every bar showing, and the dismissal is
 * remembered; the emptied room goes only once it has scrolled out of view, so what the shopper
 * is about to tap never moves. The cookie notice shows until 'Got it' is pressed.
 */
export default function Notices() {
  const [showing, setShowing] = useState<NoticeId[]>([]);
  /** Dismissed on this page: their room stays, empty, while it is in view. */
  const [emptied, setEmptied] = useState<NoticeId[]>([]);
  const [collapsed, setCollapsed] = useState<{ height: number } | null>(null);
  const bars = useRef<HTMLDivElement>(null);
  // Read from storage once hydrated (so the first render matches the server's HTML); 'Got it'
  // closes it for this page at once.
  const hydrated = useHydrated();
  const [closedHere, setClosedHere] = useState(false);
  const cookieNoticeOpen =
    hydrated && !closedHere && readStored(STORAGE_KEYS.cookieConsent) !== 'accepted';

  useEffect(() => {
    const timers = NOTICE_BARS.filter((bar) => !isDismissed(bar.id)).map((bar) =>
      setTimeout(
        () => setShowing((ids) => (ids.includes(bar.id) ? ids : [...ids, bar.id])),
        Math.max(0, bar.delayMs - performance.now()),
      ),
    );
    return () => timers.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (showing.length === 0) return;
    const dismiss = () => {
      for (const id of showing) writeStored(STORAGE_KEYS.noticeDismissed(id), 'dismissed');
      setEmptied((ids) => [...ids, ...showing]);
      setShowing([]);
    };
    // Capture phase: a click dismisses the bars even where the page stops its propagation.
    document.addEventListener('click', dismiss, { capture: true });
    return () => document.removeEventListener('click', dismiss, { capture: true });
  }, [showing]);

  // Emptied room goes when it is out of view (scrolled past), never under the shopper's eyes.
  useEffect(() => {
    const element = bars.current;
    if (emptied.length === 0 || !element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry && !entry.isIntersecting) {
        const room = emptied.length * element.firstElementChild!.getBoundingClientRect().height;
        setEmptied([]);
        setCollapsed({ height: room });
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [emptied]);

  // Where the browser does not keep the view in place itself (scroll anchoring), do it here,
  // before the paint that would show the page moved.
  useLayoutEffect(() => {
    if (!collapsed) return;
    if (!CSS.supports('overflow-anchor', 'auto')) window.scrollBy(0, -collapsed.height);
  }, [collapsed]);

  function acceptCookies() {
    writeStored(STORAGE_KEYS.cookieConsent, 'accepted');
    setClosedHere(true);
  }

  const kept = NOTICE_BARS.filter((bar) =>
    emptied.includes(bar.id) ? true : !(hydrated && isDismissed(bar.id)),
  );

  return (
    <>
      <div ref={bars} className={`${styles.bars} notice-bars`} aria-live="polite">
        {kept.map((bar) => {
          const shown = showing.includes(bar.id);
          return (
            <p
              key={bar.id}
              className={styles.bar}
              data-notice={bar.id}
              data-shown={shown ? '' : undefined}
            >
              {shown && (
                <>
                  {/* On a phone the line scrolls sideways; keys scroll it too. */}
                  <span className={styles.text} tabIndex={0}>
                    {bar.text}
                  </span>
                  <button type="button" className={styles.dismiss}>
                    Dismiss
                  </button>
                </>
              )}
            </p>
          );
        })}
      </div>
      {cookieNoticeOpen && (
        <section className={styles.cookies} aria-label="Cookie notice">
          <p>{COOKIE_NOTICE.text}</p>
          <button type="button" className={styles.accept} onClick={acceptCookies}>
            {COOKIE_NOTICE.button}
          </button>
        </section>
      )}
    </>
  );
}
