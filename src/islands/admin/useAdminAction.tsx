import { useState, type ComponentProps } from 'react';
import { api, type ApiResult } from '../../lib/api-client';
import { ConfirmStep } from './ConfirmStep';
import { ADMIN_TEXT } from './RequireAdmin';
import styles from './Admin.module.css';

/** What the last action did, or why it was refused. */
export type Notice = { error: boolean; text: string } | null;

/**
 * A back-office page's confirmed actions (ship, refund, approve…): which one waits for its confirm
 * step, whether one is being sent, and the notice its answer left.
 */
export function useAdminAction<Action extends string>() {
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  /** Sends the confirmed action; the notice says `doneText`, or the server's refusal. */
  async function send<Answer = unknown>(
    path: string,
    body: unknown,
    doneText: string,
  ): Promise<ApiResult<Answer>> {
    setBusy(true);
    const result = await api.post<Answer>(path, body);
    setBusy(false);
    setAsking(null);
    if (result.ok) {
      setNotice({ error: false, text: doneText });
    } else {
      const fields = result.fields ? Object.values(result.fields).join(' ') : '';
      setNotice({ error: true, text: fields || result.error || ADMIN_TEXT.failed });
    }
    return result;
  }

  return { asking, setAsking, busy, notice, setNotice, send };
}

/** The notice, in a polite live region: an alert when it is a refusal. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <div aria-live="polite">
      {notice && (
        <p
          className={notice.error ? styles.error : undefined}
          role={notice.error ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}

/**
 * An action's first button, in its own paragraph: it only asks for the confirm step. `danger`
 * styles an action that cannot be undone (cancel and refund, decline).
 */
export function AskButton({
  label,
  busy,
  danger = false,
  onClick,
}: {
  label: string;
  busy?: boolean | undefined;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <p>
      <button
        className={danger ? styles.danger : styles.button}
        type="button"
        disabled={busy}
        onClick={onClick}
      >
        {label}
      </button>
    </p>
  );
}

/**
 * The foot of a form with a confirm step: its notice, then either the confirm step (once asked)
 * or the form's own buttons: go on (submits the form), or close it.
 */
export function FormSteps({
  action,
  confirm,
  submitLabel = 'Continue',
  closeLabel = 'Close',
  onClose,
}: {
  /** The form's `useAdminAction()`: its notice, whether it is sending, and going back. */
  action: { notice: Notice; busy: boolean; setAsking: (asking: null) => void };
  /** The confirm step while it is asked; null before. */
  confirm: Omit<ComponentProps<typeof ConfirmStep>, 'busy' | 'onCancel'> | null;
  /** The form's go-on button: Continue unless said. */
  submitLabel?: string;
  /** The form's close button: Close unless said. */
  closeLabel?: string;
  onClose: () => void;
}) {
  const { notice, busy, setAsking } = action;
  return (
    <>
      <NoticeLine notice={notice} />
      {confirm ? (
        <ConfirmStep {...confirm} busy={busy} onCancel={() => setAsking(null)} />
      ) : (
        <p>
          <button className={styles.button} type="submit" disabled={busy}>
            {submitLabel}
          </button>{' '}
          <button className={styles.secondary} type="button" onClick={onClose}>
            {closeLabel}
          </button>
        </p>
      )}
    </>
  );
}
