import { useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  AUTH_MESSAGES,
  PASSWORD_LIMITS,
  resetLinkQuery,
  resetPasswordForm,
} from '../../../core/auth/model';
import { SITE_NAME } from '../../consts';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { useHydrated } from '../shared/useHydrated';
import { LOGIN_PATH } from '../../lib/login-redirect';
import { FormMessages, SubmitButton } from '../shared/FormFeedback';
import { fieldBinder, useForm } from '../shared/useForm';
import { ConfirmPasswordField, NewPasswordField } from './AccountFields';
import { REDIRECT_DELAYS_MS, RESET_TEXT } from './messages';
import styles from '../shared/Account.module.css';

type Link = { token: string; email: string } | null;

/** The link's token and email when both are there; the token leaves the address bar once read. */
function readLink(): Link {
  // The server never sees the link (the page does not put the token in its HTML).
  if (typeof location === 'undefined') return null;
  const query = new URLSearchParams(location.search);
  const checked = resetLinkQuery.safeParse({
    token: query.get('token') ?? '',
    email: query.get('email') ?? '',
  });
  history.replaceState(history.state, '', location.pathname);
  return checked.success ? checked.data : null;
}

/**
 * spec §2, §5, §8 Reset password: new password and confirmation (the browser asks for 8
 * characters at least), 'Reset Password' or 'Resetting...', then the success text and /login
 * after 2.5 seconds.
 *
 * The form is rendered on the server so a shopper can type while the script loads (issue 13
 * point 10): typed passwords stay and a submit pressed before is sent once ready. The link is read
 * in the browser, so a link without its token says so only once hydrated.
 */
export default function ResetPasswordForm() {
  const hydrated = useHydrated();
  const [readOnce] = useState<Link>(readLink);
  const link: Link | 'unread' = hydrated ? readOnce : 'unread';
  const id = useId();
  const [values, setValues] = useDomInitialState(
    { newPassword: '', confirmPassword: '' },
    (name) => `${id}-${name}`,
  );
  const { form, errors, status, sending, checkAsync, fail, done, setErrors } = useForm([
    'newPassword',
    'confirmPassword',
  ]);
  const earlySubmit = useEarlySubmit(form);

  useEffect(() => {
    if (status.kind !== 'done') return;
    const timer = setTimeout(() => location.assign(LOGIN_PATH), REDIRECT_DELAYS_MS.reset);
    return () => clearTimeout(timer);
  }, [status.kind]);

  if (!link) {
    return (
      <section className={styles.panel}>
        <div className={styles.error} role="alert">
          <p>{AUTH_MESSAGES.invalidResetLink}</p>
        </div>
        <p className={styles.links}>
          <a href="/forgotpassword">Ask for a new link</a>
        </p>
      </section>
    );
  }
  const resetLink = link === 'unread' ? { token: '', email: '' } : link;

  if (status.kind === 'done') {
    return (
      <p className={styles.success} role="status">
        {RESET_TEXT.success}
      </p>
    );
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (link === 'unread') return;
    const checked = await checkAsync(resetPasswordForm(SITE_NAME, resetLink.email), values);
    if (!checked) return;
    const result = await api.post(
      '/auth/reset-password',
      { ...resetLink, newPassword: checked.newPassword },
      { anonymous: true },
    );
    if (result.ok) {
      done();
      return;
    }
    if (result.fields?.newPassword) setErrors({ newPassword: result.fields.newPassword });
    fail(result.error ?? RESET_TEXT.failed);
  }

  const bind = fieldBinder(values, setValues, errors, (name) => `${id}-${name}`);

  return (
    <form ref={form} className={styles.form} onSubmit={submit} {...earlySubmit}>
      <input type="hidden" name="username" autoComplete="username" value={resetLink.email} />
      <NewPasswordField {...bind('newPassword')} label="New password" limits />
      <ConfirmPasswordField
        {...bind('confirmPassword')}
        label="Confirm new password"
        minLength={PASSWORD_LIMITS.newMin}
      />
      <FormMessages status={status} />
      <SubmitButton busy={sending} label={RESET_TEXT.submit} busyLabel={RESET_TEXT.submitting} />
    </form>
  );
}
