import { useEffect, useRef, useState } from 'react';
import { AUTH_MESSAGES } from '../../../core/auth/model';
import { api } from '../../lib/api-client';
import { LOGIN_PATH } from '../../lib/login-redirect';
import { ResendVerification } from './ResendVerification';
import { REDIRECT_DELAYS_MS, VERIFY_TEXT } from './messages';
import styles from '../shared/Account.module.css';

type State = { kind: 'loading' } | { kind: 'verified' } | { kind: 'failed'; email: string };

/** The link's token and email; the token leaves the address bar once read. */
function readLink(): { token: string; email: string } {
  const query = new URLSearchParams(location.search);
  const link = { token: query.get('token') ?? '', email: query.get('email') ?? '' };
  history.replaceState(history.state, '', location.pathname);
  return link;
}

/**
 * spec §2 Verify email: reads token and email, shows loading, then success (and /login after 3
 * seconds) or the error with the resend button. A link without both goes straight to the error.
 */
export default function VerifyEmail() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { token, email } = readLink();
    // A link without both goes straight to the error, through the same asynchronous path.
    const verified =
      token && email
        ? api
            .get(`/auth/verify-email?${new URLSearchParams({ token, email })}`, { anonymous: true })
            .then((result) => result.ok)
        : Promise.resolve(false);
    void verified.then((ok) => setState(ok ? { kind: 'verified' } : { kind: 'failed', email }));
  }, []);

  useEffect(() => {
    if (state.kind !== 'verified') return;
    const timer = setTimeout(() => location.assign(LOGIN_PATH), REDIRECT_DELAYS_MS.verified);
    return () => clearTimeout(timer);
  }, [state.kind]);

  if (state.kind === 'loading') {
    return (
      <p className={styles.hint} role="status">
        {VERIFY_TEXT.loading}
      </p>
    );
  }
  if (state.kind === 'verified') {
    return (
      <div className={styles.success} role="status">
        <p>{AUTH_MESSAGES.verified}</p>
        <p>{VERIFY_TEXT.redirecting}</p>
      </div>
    );
  }
  return (
    <section className={styles.panel}>
      <div className={styles.error} role="alert">
        <p>{VERIFY_TEXT.failed}</p>
      </div>
      {state.email && <ResendVerification email={state.email} />}
      <p className={styles.links}>
        <a href={LOGIN_PATH}>Back to Login</a>
      </p>
    </section>
  );
}
