import { useId, useState, type SubmitEvent } from 'react';
import { PROFILE_MESSAGES, profileBody, type UserDto } from '../../../core/user/model';
import { api } from '../../lib/api-client';
import { updateUser } from '../../stores/auth';
import { Field } from '../shared/Field';
import { NameFields } from './AccountFields';
import { fieldBinder, useForm } from '../shared/useForm';
import { AccountSection } from './AccountSection';
import { ACCOUNT_TEXT } from './messages';

/** spec §2 Account: edit first and last name (PUT /user/me); spec §8 Profile's three texts. */
export function ProfileForm({ user }: { user: UserDto }) {
  const [values, setValues] = useState({ firstname: user.firstname, lastname: user.lastname });
  const { form, errors, status, check, fail, done, setErrors } = useForm(['firstname', 'lastname']);
  const id = useId();
  const bind = fieldBinder(values, setValues, errors, (name) => `${id}-${name}`);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(profileBody, values);
    if (!body) return;
    const result = await api.put<UserDto | null>('/user/me', body);
    if (result.ok) {
      updateUser(result.data?.username ? result.data : { ...user, ...body });
      done();
    } else if (result.status === 0) {
      fail(PROFILE_MESSAGES.profileError);
    } else {
      if (result.fields) setErrors(result.fields);
      fail(PROFILE_MESSAGES.profileFailed);
    }
  }

  return (
    <AccountSection
      form={form}
      title={ACCOUNT_TEXT.profile}
      status={status}
      doneText={PROFILE_MESSAGES.profileUpdated}
      submit={{ label: ACCOUNT_TEXT.saveProfile, busyLabel: ACCOUNT_TEXT.savingProfile }}
      onSubmit={submit}
    >
      <Field
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        readOnly
        value={user.username}
        onChange={() => undefined}
      />
      <NameFields bind={bind} />
    </AccountSection>
  );
}
