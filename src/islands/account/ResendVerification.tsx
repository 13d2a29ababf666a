import { useState } from 'react';
import { api } from '../../lib/api-client';
import { RESEND_TEXT } from './messages';
import styles from '../shared/Account.module.css';

type Resend = 'idle' | 'sending' | 'sent' | 'error';

const LABELS: Record<Resend, string> = {
  idle: RESEND_TEXT.idle,
  sending: RESEND_TEXT.sending,
  sent: RESEND_TEXT.sent,
  error: RESEND_TEXT.retry,
};

/**
 * spec §2 and §8: the resend button (idle, sending, sent or error; disabled while sending and once
 * sent) and its outcome, announced to screen readers.
 */
export function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<Resend>('idle');

  async function resend() {
    setState('sending');
    const result = await api.post('/auth/resend-verification', { email }, { anonymous: true });
    setState(result.ok ? 'sent' : 'error');
  }

  return (
    <div className={styles.actions}>
      <button
        className={styles.button}
        type="button"
        onClick={resend}
        disabled={state === 'sending' || state === 'sent'}
      >
        {LABELS[state]}
      </button>
      <div role="status" aria-live="polite">
        {state === 'sent' && <p className={styles.success}>{RESEND_TEXT.resent}</p>}
        {state === 'error' && <p className={styles.fieldError}>{RESEND_TEXT.failed}</p>}
      </div>
    </div>
  );
}
