import { useEffect, useId, useRef, type ReactNode } from 'react';
import { VERIFY_EMAIL_TEXT } from './messages';
import styles from '../shared/Account.module.css';

interface Props {
  /** What the shopper waits for, said as a status. */
  status: string;
  backLabel: string;
  onBack: () => void;
  /** Anything between the status and the way back (login's resend). */
  children?: ReactNode;
}

/**
 * 'Verify Your Email' (spec §4, §5): the panel that takes the place of login or register while
 * the shopper waits for the email, its heading focused as it shows, with the way back.
 */
export function VerifyEmailPanel({ status, backLabel, onBack, children }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.panel} aria-labelledby={`${id}-verify`}>
      <h2 id={`${id}-verify`} ref={heading} tabIndex={-1}>
        {VERIFY_EMAIL_TEXT.title}
      </h2>
      <p role="status">{status}</p>
      {children}
      <div>
        <button className={styles.secondary} type="button" onClick={onBack}>
          {backLabel}
        </button>
      </div>
    </section>
  );
}
