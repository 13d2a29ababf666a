import type { SubmitEvent } from 'react';
import { changePasswordForm } from '../../../core/auth/model';
import { PROFILE_MESSAGES } from '../../../core/user/model';
import { SITE_NAME } from '../../consts';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { storeToken } from '../../stores/auth';
import { Field } from '../shared/Field';
import { fieldBinder, useForm } from '../shared/useForm';
import { ConfirmPasswordField, NewPasswordField } from './AccountFields';
import { AccountSection } from './AccountSection';
import { ACCOUNT_TEXT } from './messages';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };
const fieldId = (name: string) => `change-password-${name}`;

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
  const { form, errors, status, checkAsync, fail, done, showErrors } = useForm(Object.keys(EMPTY));
  const earlySubmit = useEarlySubmit(form);
  const bind = fieldBinder(values, setValues, errors, fieldId);

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
    <AccountSection
      form={form}
      title={ACCOUNT_TEXT.password}
      status={status}
      doneText={PROFILE_MESSAGES.passwordUpdated}
      submit={{ label: ACCOUNT_TEXT.savePassword, busyLabel: ACCOUNT_TEXT.savingPassword }}
      onSubmit={submit}
      {...earlySubmit}
    >
      <input type="hidden" name="username" autoComplete="username" value={username} />
      <Field
        {...bind('oldPassword')}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordField {...bind('newPassword')} label="New password" />
      <ConfirmPasswordField {...bind('confirmPassword')} label="Confirm new password" />
    </AccountSection>
  );
}
