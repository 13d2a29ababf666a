import { useEffect, useId, useRef } from 'react';
import styles from './Admin.module.css';

interface Props {
  /** What will happen, in one sentence (who is emailed, what money moves). */
  summary: string;
  /** The confirm button's label, e.g. "Yes, mark shipped". */
  confirmLabel: string;
  busy?: boolean;
  /** The action cannot be undone (cancel and refund, decline): its confirm button says so. */
  danger?: boolean;
  onConfirm: () => void;
  /** Go back: nothing was sent. */
  onCancel: () => void;
}

/**
 * The second step of a back-office action, like the checkout's review before its confirm: the
 * first press only shows what will happen; this step sends it. Focus moves to the confirm button;
 * Escape or "Go back" leaves without sending anything.
 */
export function ConfirmStep({
  summary,
  confirmLabel,
  busy,
  danger = false,
  onConfirm,
  onCancel,
}: Props) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const summaryId = useId();
  useEffect(() => {
    confirmRef.current?.focus();
  }, []);
  return (
    <div
      className={styles.confirm}
      role="group"
      aria-labelledby={summaryId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <p id={summaryId}>{summary}</p>
      <button
        ref={confirmRef}
        className={danger ? styles.danger : styles.button}
        type="button"
        disabled={busy}
        onClick={onConfirm}
      >
        {busy ? 'Working...' : confirmLabel}
      </button>{' '}
      <button className={styles.secondary} type="button" disabled={busy} onClick={onCancel}>
        Go back
      </button>
    </div>
  );
}
