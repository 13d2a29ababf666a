import { useId, type SubmitEvent } from 'react';
import { PASSWORD_LIMITS, changePasswordForm } from '../../../core/auth/model';
import { loadPasswordEstimator } from '../../../core/auth/password-strength';
import { PROFILE_MESSAGES } from '../../../core/user/model';
import { SITE_NAME } from '../../consts';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { storeToken } from '../../stores/auth';
import { Field } from '../forms/Field';
import { FormMessages, SubmitButton } from '../forms/FormFeedback';
import { fieldSetter, useForm } from '../forms/useForm';
import { ACCOUNT_TEXT } from './messages';
import styles from './Account.module.css';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };
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
  const { form, errors, status, sending, checkAsync, fail, done, showErrors } = useForm(
    Object.keys(EMPTY),
  );
  const earlySubmit = useEarlySubmit(form);
  const id = useId();
  const set = fieldSetter(setValues);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await checkAsync(changePasswordForm(SITE_NAME, username), values);
    if (!checked) return;
    const { oldPassword, newPassword } = checked;
    const result = await api.post<{ token?: string } | null>('/auth/changePassword', {
      oldPassword,
      newPassword,
    });
    if (result.ok) {
      if (typeof result.data?.token === 'string') storeToken(result.data.token);
      setValues(EMPTY);
      done();
    } else if (result.status === 0) {
      fail(PROFILE_MESSAGES.passwordError);
    } else {
      if (result.fields) showErrors(result.fields);
      fail(PROFILE_MESSAGES.passwordFailed, result.fields ? undefined : result.error);
    }
  }

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
      <FormMessages status={status} doneText={PROFILE_MESSAGES.passwordUpdated} />
      <SubmitButton
        busy={sending}
        label={ACCOUNT_TEXT.savePassword}
        busyLabel={ACCOUNT_TEXT.savingPassword}
      />
    </form>
  );
}
