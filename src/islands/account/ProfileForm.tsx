import { useId, useRef, useState, type SubmitEvent } from 'react';
import { authFieldMessages } from '../../../core/auth/model';
import { PROFILE_MESSAGES, profileBody, type UserDto } from '../../../core/user/model';
import { api } from '../../lib/api-client';
import { updateUser } from '../../stores/auth';
import { Field, focusFirstError } from './Field';
import { ACCOUNT_TEXT } from './messages';
import styles from './Account.module.css';

type Status =
  { kind: 'editing' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; text: string };

const FIELDS = ['firstname', 'lastname'];

/** spec §2 Account: edit first and last name (PUT /user/me); spec §8 Profile's three texts. */
export function ProfileForm({ user }: { user: UserDto }) {
  const [values, setValues] = useState({ firstname: user.firstname, lastname: user.lastname });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = profileBody.safeParse(values);
    if (!checked.success) {
      const found = authFieldMessages(checked.error);
      setErrors(found);
      setStatus({ kind: 'editing' });
      focusFirstError(form.current, found, FIELDS);
      return;
    }
    setErrors({});
    setStatus({ kind: 'saving' });
    const result = await api.put<UserDto | null>('/user/me', checked.data);
    if (result.ok) {
      updateUser(result.data?.username ? result.data : { ...user, ...checked.data });
      setStatus({ kind: 'saved' });
    } else if (result.status === 0) {
      setStatus({ kind: 'failed', text: PROFILE_MESSAGES.profileError });
    } else {
      if (result.fields) setErrors(result.fields);
      setStatus({ kind: 'failed', text: PROFILE_MESSAGES.profileFailed });
    }
  }

  const set = (field: 'firstname' | 'lastname') => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form
      ref={form}
      className={styles.section}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{ACCOUNT_TEXT.profile}</h2>
      <Field
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        readOnly
        value={user.username}
        onChange={() => undefined}
      />
      <Field
        id={`${id}-firstname`}
        name="firstname"
        label="First name"
        autoComplete="given-name"
        required
        value={values.firstname}
        error={errors.firstname}
        onChange={set('firstname')}
      />
      <Field
        id={`${id}-lastname`}
        name="lastname"
        label="Last name"
        autoComplete="family-name"
        required
        value={values.lastname}
        error={errors.lastname}
        onChange={set('lastname')}
      />
      <div role="status" aria-live="polite">
        {status.kind === 'saved' && (
          <p className={styles.success}>{PROFILE_MESSAGES.profileUpdated}</p>
        )}
      </div>
      <div role="alert">
        {status.kind === 'failed' && (
          <div className={styles.error}>
            <p>{status.text}</p>
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? ACCOUNT_TEXT.savingProfile : ACCOUNT_TEXT.saveProfile}
        </button>
      </div>
    </form>
  );
}
