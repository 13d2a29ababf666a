import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  AUTH_MESSAGES,
  authFieldMessages,
  loginBody,
  type SessionAnswer,
} from '../../../core/auth/model';
import { api } from '../../lib/api-client';
import { afterLoginPath } from '../../lib/login-redirect';
import { signIn } from '../../stores/auth';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { Field, focusFirstError } from './Field';
import { LOGIN_TEXT } from './messages';
import { ResendVerification } from './ResendVerification';
import styles from './Account.module.css';

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'failed'; text: string }
  | { kind: 'unverified'; email: string };

const FIELDS = ['username', 'password'];

/**
 * The login form (spec §2, §4, §5, §8). Success stores the token and user and goes to /, or back
 * to the page the guard sent the shopper from. 'Email not verified' turns it into the 'Verify
 * Your Email' panel, with resend and back to login.
 */
export default function LoginForm() {
  const id = useId();
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [typed, setTyped] = useDomInitialState(
    { username: '', password: '' },
    (name) => `${id}-${name}`,
  );
  const { username, password } = typed;
  const setUsername = (value: string) => setTyped((current) => ({ ...current, username: value }));
  const setPassword = (value: string) => setTyped((current) => ({ ...current, password: value }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const earlySubmit = useEarlySubmit(form);

  useEffect(() => {
    if (status.kind === 'unverified') panelHeading.current?.focus();
  }, [status.kind]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = loginBody.safeParse({ username, password });
    if (!checked.success) {
      const found = authFieldMessages(checked.error);
      setErrors(found);
      setStatus({ kind: 'editing' });
      focusFirstError(form.current, found, FIELDS);
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const result = await api.post<SessionAnswer>('/auth/login', checked.data, { anonymous: true });
    if (result.ok && result.status === 200 && result.data?.token) {
      signIn(result.data.token, result.data.user);
      location.assign(afterLoginPath(location.search));
      return;
    }
    if (result.ok) {
      setStatus({ kind: 'failed', text: LOGIN_TEXT.invalid });
    } else if (result.error === AUTH_MESSAGES.emailNotVerified) {
      setStatus({ kind: 'unverified', email: checked.data.username });
    } else if (result.status === 0) {
      setStatus({ kind: 'failed', text: LOGIN_TEXT.failed });
    } else if (result.status === 429 && result.error) {
      // Too many failed attempts: the server's sentence says how long to wait.
      setStatus({ kind: 'failed', text: result.error });
    } else {
      setStatus({ kind: 'failed', text: LOGIN_TEXT.invalid });
    }
  }

  function backToLogin() {
    setPassword('');
    setStatus({ kind: 'editing' });
  }

  if (status.kind === 'unverified') {
    return (
      <section className={styles.panel} aria-labelledby={`${id}-verify`}>
        <h2 id={`${id}-verify`} ref={panelHeading} tabIndex={-1}>
          {LOGIN_TEXT.verifyTitle}
        </h2>
        <p role="status">{LOGIN_TEXT.waiting}</p>
        <ResendVerification email={status.email} />
        <div>
          <button className={styles.secondary} type="button" onClick={backToLogin}>
            {LOGIN_TEXT.backToLogin}
          </button>
        </div>
      </section>
    );
  }

  return (
    <>
      <form ref={form} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
        <Field
          id={`${id}-username`}
          name="username"
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={username}
          error={errors.username}
          onChange={setUsername}
        />
        <Field
          id={`${id}-password`}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={setPassword}
        />
        <div role="alert">
          {status.kind === 'failed' && (
            <div className={styles.error}>
              <p>{status.text}</p>
            </div>
          )}
        </div>
        <div className={styles.actions}>
          <button className={styles.button} type="submit" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? LOGIN_TEXT.submitting : LOGIN_TEXT.submit}
          </button>
          <a href="/forgotpassword">{LOGIN_TEXT.forgotPassword}</a>
        </div>
      </form>
      <p className={styles.links}>
        <span>
          {LOGIN_TEXT.noAccount} <a href="/register">{LOGIN_TEXT.register}</a>
        </span>
      </p>
    </>
  );
}
