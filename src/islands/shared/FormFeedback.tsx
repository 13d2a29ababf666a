import type { ReactNode } from 'react';
import styles from './Account.module.css';
import type { FormStatus } from './useForm';

/**
 * A form's live regions: the success sentence (`doneText`, for forms that stay on the page once
 * done) in a polite status region, and a refusal's sentence, with the server's detail when it says
 * more, in an alert region. Both regions are in the page from the start, so screen readers announce
 * what appears in them.
 */
export function FormMessages({
  status,
  doneText,
  transient = false,
}: {
  status: FormStatus;
  doneText?: string;
  /** The sentences come with their own regions (a form that appears on demand). */
  transient?: boolean;
}) {
  if (transient) {
    return (
      <>
        {status.kind === 'done' && doneText !== undefined && (
          <p className={styles.success} role="status">
            {doneText}
          </p>
        )}
        {status.kind === 'failed' && (
          <div className={styles.error} role="alert">
            <p>{status.text}</p>
          </div>
        )}
      </>
    );
  }
  return (
    <>
      {doneText !== undefined && (
        <div role="status" aria-live="polite">
          {status.kind === 'done' && <p className={styles.success}>{doneText}</p>}
        </div>
      )}
      <div role="alert">
        {status.kind === 'failed' && (
          <div className={styles.error}>
            <p>{status.text}</p>
            {status.detail && status.detail !== status.text && <p>{status.detail}</p>}
          </div>
        )}
      </div>
    </>
  );
}

interface SubmitProps {
  label: string;
  /** What the button says while the form is sent. */
  busyLabel: string;
  busy: boolean;
  disabled?: boolean | undefined;
  /** Links shown beside the button. */
  children?: ReactNode;
}

/** The form's submit button, disabled and relabelled while the form is sent. */
export function SubmitButton({ label, busyLabel, busy, disabled, children }: SubmitProps) {
  return (
    <div className={styles.actions}>
      <button className={styles.button} type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </button>
      {children}
    </div>
  );
}
