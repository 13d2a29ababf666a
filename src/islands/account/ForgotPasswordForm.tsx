import { useId, useRef, useState, type SubmitEvent } from 'react';
import { authFieldMessages, forgotPasswordBody } from '../../../core/auth/model';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { Field } from './Field';
import { FORGOT_TEXT } from './messages';
import styles from './Account.module.css';

type Status =
  { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; text: string };

/**
 * spec §2, §5, §8 Forgot password: a required email field and 'Send Reset Link'; on success the
 * message appears and the field clears.
 */
export default function ForgotPasswordForm() {
  const id = useId();
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [typed, setTyped] = useDomInitialState({ email: '' }, () => `${id}-email`);
  const email = typed.email;
  const setEmail = (value: string) => setTyped({ email: value });
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const input = useRef<HTMLFormElement>(null);
  const earlySubmit = useEarlySubmit(input);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = forgotPasswordBody.safeParse({ email });
    if (!checked.success) {
      setError(authFieldMessages(checked.error).email);
      setStatus({ kind: 'editing' });
      input.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
      return;
    }
    setError(undefined);
    setStatus({ kind: 'sending' });
    const result = await api.post('/auth/forgot-password', checked.data, { anonymous: true });
    if (result.status === 200) {
      setEmail('');
      setStatus({ kind: 'sent' });
    } else if (result.status === 0) {
      setStatus({ kind: 'failed', text: FORGOT_TEXT.failed });
    } else {
      // A 429 carries the server's sentence (how long to wait); any other answer the spec's.
      const text =
        result.status === 429 && !result.ok && result.error ? result.error : FORGOT_TEXT.notOk;
      setStatus({ kind: 'failed', text });
    }
  }

  return (
    <form ref={input} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
      <p className={styles.hint}>{FORGOT_TEXT.intro}</p>
      <Field
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        error={error}
        onChange={setEmail}
      />
      <div role="status" aria-live="polite">
        {status.kind === 'sent' && <p className={styles.success}>{FORGOT_TEXT.sent}</p>}
      </div>
      <div role="alert">
        {status.kind === 'failed' && (
          <div className={styles.error}>
            <p>{status.text}</p>
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? FORGOT_TEXT.submitting : FORGOT_TEXT.submit}
        </button>
        <a href="/login">Back to Login</a>
      </div>
    </form>
  );
}
