import { useId } from 'react';
import styles from './Admin.module.css';

interface Props {
  reason: string;
  onReason: (reason: string) => void;
  /** Why the reason was refused, shown under it; null when there is nothing to say. */
  error: string | null;
  onDecline: () => void;
}

/**
 * Declining a return request (issue 25 point 6): apart from "Approve", styled as an action that
 * cannot be undone, with the reason's error under the reason itself.
 */
export function ReturnDecline({ reason, onReason, error, onDecline }: Props) {
  const id = useId();
  return (
    <fieldset className={styles.dangerZone}>
      <legend>Decline the return</legend>
      <div className={styles.stack}>
        <label htmlFor={`${id}-reason`}>Reason to decline (emailed to the customer)</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          rows={2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className={styles.fieldError} role="alert">
            {error}
          </p>
        )}
        <p>
          <button className={styles.danger} type="button" onClick={onDecline}>
            Decline
          </button>
        </p>
      </div>
    </fieldset>
  );
}
