import { useId, useState, type SubmitEvent } from 'react';
import { AUTH_MESSAGES, loginBody, type SessionAnswer } from '../../../core/auth/model';
import { api } from '../../lib/api-client';
import { afterLoginPath } from '../../lib/login-redirect';
import { signIn } from '../../stores/auth';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { EmailField, Field } from '../shared/Field';
import { FormMessages, SubmitButton } from '../shared/FormFeedback';
import { fieldBinder, useForm } from '../shared/useForm';
import { LOGIN_TEXT } from './messages';
import { ResendVerification } from './ResendVerification';
import { VerifyEmailPanel } from './VerifyEmailPanel';
import styles from '../shared/Account.module.css';

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
  const { form, errors, status, sending, setStatus, check, fail } = useForm([
    'username',
    'password',
  ]);
  // 'Email not verified' turns the form into the panel that waits for the email.
  const [unverified, setUnverified] = useState<string | null>(null);
  const earlySubmit = useEarlySubmit(form);
  const bind = fieldBinder(typed, setTyped, errors, (name) => `${id}-${name}`);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(loginBody, { username, password });
    if (!body) return;
    const result = await api.post<SessionAnswer>('/auth/login', body, { anonymous: true });
    if (result.ok && result.status === 200 && result.data?.token) {
      signIn(result.data.token, result.data.user);
      location.assign(afterLoginPath(location.search));
      return;
    }
    if (!result.ok && result.error === AUTH_MESSAGES.emailNotVerified) {
      setStatus({ kind: 'editing' });
      setUnverified(body.username);
    } else fail(loginFailure(result));
  }

  function backToLogin() {
    setTyped((current) => ({ ...current, password: '' }));
    setUnverified(null);
  }

  if (unverified) {
    return (
      <VerifyEmailPanel
        status={LOGIN_TEXT.waiting}
        backLabel={LOGIN_TEXT.backToLogin}
        onBack={backToLogin}
      >
        <ResendVerification email={unverified} />
      </VerifyEmailPanel>
    );
  }

  return (
    <>
      <form ref={form} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
        <EmailField {...bind('username')} label="Email" autoComplete="username" />
        <Field
          {...bind('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <FormMessages status={status} />
        <SubmitButton busy={sending} label={LOGIN_TEXT.submit} busyLabel={LOGIN_TEXT.submitting}>
          <a href="/forgotpassword">{LOGIN_TEXT.forgotPassword}</a>
        </SubmitButton>
      </form>
      <p className={styles.links}>
        <span>
          {LOGIN_TEXT.noAccount} <a href="/register">{LOGIN_TEXT.register}</a>
        </span>
      </p>
    </>
  );
}

/** The sentence a refused login shows. */
function loginFailure(result: { ok: boolean; status: number; error?: string | undefined }) {
  if (result.ok) return LOGIN_TEXT.invalid;
  if (result.status === 0) return LOGIN_TEXT.failed;
  // Too many failed attempts: the server's sentence says how long to wait.
  if (result.status === 429 && result.error) return result.error;
  return LOGIN_TEXT.invalid;
}
