import { useId, type SubmitEvent } from 'react';
import { AUTH_MESSAGES, registerForm, registerPayload } from '../../../core/auth/model';
import { SITE_NAME } from '../../consts';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { EmailField } from '../shared/Field';
import { FormMessages, SubmitButton } from '../shared/FormFeedback';
import { fieldBinder, fieldSetter, useForm } from '../shared/useForm';
import { ConfirmPasswordField, NameFields, NewPasswordField } from './AccountFields';
import { REGISTER_TEXT } from './messages';
import { VerifyEmailPanel } from './VerifyEmailPanel';
import styles from '../shared/Account.module.css';

interface Values {
  username: string;
  firstname: string;
  lastname: string;
  password: string;
  confirmPassword: string;
  acceptedPolicy: boolean;
}

const EMPTY: Values = {
  username: '',
  firstname: '',
  lastname: '',
  password: '',
  confirmPassword: '',
  acceptedPolicy: false,
};
const REGISTER_FORM = registerForm(SITE_NAME);

/**
 * The register form (spec §2, §4, §5, §8): email, names, password twice and the policies box,
 * checked with the API's own schema. Success shows the verify-your-email panel.
 */
export default function RegisterForm() {
  const id = useId();
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [values, setValues] = useDomInitialState<Values>(EMPTY, (name) => `${id}-${name}`);
  const { form, errors, status, sending, setStatus, checkAsync, fail, done, showErrors } = useForm(
    Object.keys(EMPTY),
  );
  const earlySubmit = useEarlySubmit(form);

  const set = fieldSetter(setValues);
  const bind = fieldBinder(values, setValues, errors, (name) => `${id}-${name}`);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = await checkAsync(REGISTER_FORM, values);
    if (!checked) return;
    const result = await api.post('/auth/register', registerPayload(checked), {
      anonymous: true,
    });
    if (result.status === 201) {
      done();
      return;
    }
    if (result.status === 0) {
      fail(REGISTER_TEXT.serverError);
      return;
    }
    if (!result.ok && result.fields) showErrors(result.fields);
    fail((!result.ok && result.error) || REGISTER_TEXT.failed);
  }

  function backToRegister() {
    setValues(EMPTY);
    setStatus({ kind: 'editing' });
  }

  if (status.kind === 'done') {
    return (
      <VerifyEmailPanel
        status={AUTH_MESSAGES.registered}
        backLabel={REGISTER_TEXT.backToRegister}
        onBack={backToRegister}
      />
    );
  }

  return (
    <>
      <form ref={form} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
        <EmailField {...bind('username')} label="Email" />
        <NameFields bind={bind} />
        <NewPasswordField {...bind('password')} label="Password" limits />
        <ConfirmPasswordField {...bind('confirmPassword')} label="Confirm password" />
        <PolicyCheckbox
          id={`${id}-acceptedPolicy`}
          checked={values.acceptedPolicy}
          error={errors.acceptedPolicy}
          onChange={set('acceptedPolicy')}
        />
        <FormMessages status={status} />
        <SubmitButton
          busy={sending}
          label={REGISTER_TEXT.submit}
          busyLabel={REGISTER_TEXT.submitting}
        />
      </form>
      <p className={styles.links}>
        <span>
          {REGISTER_TEXT.haveAccount} <a href="/login">Login</a>
        </span>
      </p>
    </>
  );
}

interface PolicyProps {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}

/** The box that accepts the privacy policy, terms of use and return policy, with its message. */
function PolicyCheckbox({ id, checked, error, onChange }: PolicyProps) {
  return (
    <div className={styles.field}>
      <div className={styles.checkbox}>
        <input
          id={id}
          name="acceptedPolicy"
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>
          I accept the <a href="/privacy-policy">Privacy Policy</a>,{' '}
          <a href="/terms-of-use">Terms of Use</a> and <a href="/return-policy">Return Policy</a>.
        </label>
      </div>
      {error && (
        <p className={styles.fieldError} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
