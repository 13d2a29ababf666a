import { useId, useRef, useState, type SubmitEvent } from 'react';
import { PASSWORD_LIMITS, authFieldMessages, changePasswordForm } from '../../../core/auth/model';
import { loadPasswordEstimator } from '../../../core/auth/password-strength';
import { PROFILE_MESSAGES } from '../../../core/user/model';
import { SITE_NAME } from '../../consts';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { storeToken } from '../../stores/auth';
import { Field, focusFirstError } from './Field';
import { ACCOUNT_TEXT } from './messages';
import styles from './Account.module.css';

type Status =
  | { kind: 'editing' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; text: string; detail?: string | undefined };

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'];
const fieldId = (name: string) => `change-password-${name}`;
/** The strength check's dictionaries start loading when the shopper reaches the new password. */
const preloadPasswordCheck = () => void loadPasswordEstimator().catch(() => undefined);

/**
 * spec §2 Account: change password (old, new, confirmation; POST /auth/changePassword) and spec
 * §8 Password's three texts. Other sessions end on the server; this one carries on.
 *
 * It holds nothing of the account but the username for the password manager (empty until the
 * island has hydrated), so the server renders it and a shopper can type, and press Update, while
 * the script loads (issue 13 point 10): the fields keep what they hold when the island hydrates,
 * and the held submit is sent then.
 */
export function ChangePasswordForm({ username }: { username: string }) {
  const [values, setValues] = useDomInitialState(EMPTY, fieldId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  const earlySubmit = useEarlySubmit(form);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // The strength check may still be loading its dictionaries: no second submit meanwhile.
    setStatus({ kind: 'saving' });
    const checked = await changePasswordForm(SITE_NAME, username).safeParseAsync(values);
    if (!checked.success) {
      const found = authFieldMessages(checked.error);
      setErrors(found);
      setStatus({ kind: 'editing' });
      focusFirstError(form.current, found, FIELDS);
      return;
    }
    setErrors({});
    const { oldPassword, newPassword } = checked.data;
    const result = await api.post<{ token?: string } | null>('/auth/changePassword', {
      oldPassword,
      newPassword,
    });
    if (result.ok) {
      if (typeof result.data?.token === 'string') storeToken(result.data.token);
      setValues(EMPTY);
      setStatus({ kind: 'saved' });
    } else if (result.status === 0) {
      setStatus({ kind: 'failed', text: PROFILE_MESSAGES.passwordError });
    } else {
      if (result.fields) {
        setErrors(result.fields);
        focusFirstError(form.current, result.fields, FIELDS);
      }
      const detail = result.fields ? undefined : result.error;
      setStatus({ kind: 'failed', text: PROFILE_MESSAGES.passwordFailed, detail });
    }
  }

  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form
      ref={form}
      className={styles.section}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      {...earlySubmit}
    >
      <h2 id={`${id}-title`}>{ACCOUNT_TEXT.password}</h2>
      <input type="hidden" name="username" autoComplete="username" value={username} />
      <Field
        id={fieldId('oldPassword')}
        name="oldPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={values.oldPassword}
        error={errors.oldPassword}
        onChange={set('oldPassword')}
      />
      <Field
        id={fieldId('newPassword')}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`${PASSWORD_LIMITS.newMin} to ${PASSWORD_LIMITS.newMax} characters.`}
        value={values.newPassword}
        error={errors.newPassword}
        onChange={set('newPassword')}
        onFocus={preloadPasswordCheck}
      />
      <Field
        id={fieldId('confirmPassword')}
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <div role="status" aria-live="polite">
        {status.kind === 'saved' && (
          <p className={styles.success}>{PROFILE_MESSAGES.passwordUpdated}</p>
        )}
      </div>
      <div role="alert">
        {status.kind === 'failed' && (
          <div className={styles.error}>
            <p>{status.text}</p>
            {status.detail && status.detail !== status.text && <p>{status.detail}</p>}
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? ACCOUNT_TEXT.savingPassword : ACCOUNT_TEXT.savePassword}
        </button>
      </div>
    </form>
  );
}
