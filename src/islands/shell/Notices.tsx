import { useEffect, useState } from 'react';
import { readStored, writeStored } from '../../lib/browser-storage';
import { COOKIE_NOTICE, NOTICE_BARS, STORAGE_KEYS } from '../../../core/site-messages';
import styles from './Notices.module.css';
import { useHydrated } from '../shared/useHydrated';

type NoticeId = (typeof NOTICE_BARS)[number]['id'];

const isDismissed = (id: NoticeId) => readStored(STORAGE_KEYS.noticeDismissed(id)) === 'dismissed';

/**
 * The two top notice bars and the cookie notice (spec §2). The bars hang from the bottom edge of
 * the sticky header (this island sits inside it), over the top of the page: they take no room
 * before they arm or once dismissed, so there is never an empty band, and their arrival moves
 * nothing (CLS 0). They never cover the header's own controls, and a tap on one lands on the bar.
 * A click anywhere dismisses every bar showing, and the dismissal is remembered. The cookie
 * notice, at the bottom of the screen, shows until 'Got it' is pressed.
 */
export default function Notices() {
  const [showing, setShowing] = useState<NoticeId[]>([]);
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
      setShowing([]);
    };
    // Capture phase: a click dismisses the bars even where the page stops its propagation.
    document.addEventListener('click', dismiss, { capture: true });
    return () => document.removeEventListener('click', dismiss, { capture: true });
  }, [showing]);

  function acceptCookies() {
    writeStored(STORAGE_KEYS.cookieConsent, 'accepted');
    setClosedHere(true);
  }

  return (
    <>
      <div className={styles.bars} aria-live="polite">
        {NOTICE_BARS.filter((bar) => showing.includes(bar.id)).map((bar) => (
          <p key={bar.id} className={styles.bar} data-notice={bar.id}>
            <span className={styles.text}>{bar.text}</span>
            <button type="button" className={styles.dismiss}>
              Dismiss
            </button>
          </p>
        ))}
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
