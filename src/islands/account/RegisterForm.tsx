import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  AUTH_MESSAGES,
  PASSWORD_LIMITS,
  authFieldMessages,
  registerForm,
  registerPayload,
} from '../../../core/auth/model';
import { loadPasswordEstimator } from '../../../core/auth/password-strength';
import { SITE_NAME } from '../../consts';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { Field, focusFirstError } from './Field';
import { REGISTER_TEXT } from './messages';
import styles from './Account.module.css';

interface Values {
  username: string;
  firstname: string;
  lastname: string;
  password: string;
  confirmPassword: string;
  acceptedPolicy: boolean;
}

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'failed'; text: string }
  | { kind: 'registered' };

const EMPTY: Values = {
  username: '',
  firstname: '',
  lastname: '',
  password: '',
  confirmPassword: '',
  acceptedPolicy: false,
};
const REGISTER_FORM = registerForm(SITE_NAME);
/** The strength check's dictionaries start loading when the shopper reaches the password. */
const preloadPasswordCheck = () => void loadPasswordEstimator().catch(() => undefined);

const FIELDS = [
  'username',
  'firstname',
  'lastname',
  'password',
  'confirmPassword',
  'acceptedPolicy',
];

/**
 * The register form (spec §2, §4, §5, §8): email, names, password twice and the policies box,
 * checked with the API's own schema. Success shows the verify-your-email panel.
 */
export default function RegisterForm() {
  const id = useId();
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [values, setValues] = useDomInitialState<Values>(EMPTY, (name) => `${id}-${name}`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const earlySubmit = useEarlySubmit(form);

  useEffect(() => {
    if (status.kind === 'registered') panelHeading.current?.focus();
  }, [status.kind]);

  const set =
    <K extends keyof Values>(field: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // The strength check may still be loading its dictionaries: no second submit meanwhile.
    setStatus({ kind: 'sending' });
    const checked = await REGISTER_FORM.safeParseAsync(values);
    if (!checked.success) {
      const found = authFieldMessages(checked.error);
      setErrors(found);
      setStatus({ kind: 'editing' });
      focusFirstError(form.current, found, FIELDS);
      return;
    }
    setErrors({});
    const result = await api.post('/auth/register', registerPayload(checked.data), {
      anonymous: true,
    });
    if (result.status === 201) {
      setStatus({ kind: 'registered' });
      return;
    }
    if (result.status === 0) {
      setStatus({ kind: 'failed', text: REGISTER_TEXT.serverError });
      return;
    }
    if (!result.ok && result.fields) {
      setErrors(result.fields);
      focusFirstError(form.current, result.fields, FIELDS);
    }
    setStatus({
      kind: 'failed',
      text: (!result.ok && result.error) || REGISTER_TEXT.failed,
    });
  }

  function backToRegister() {
    setValues(EMPTY);
    setStatus({ kind: 'editing' });
  }

  if (status.kind === 'registered') {
    return (
      <section className={styles.panel} aria-labelledby={`${id}-verify`}>
        <h2 id={`${id}-verify`} ref={panelHeading} tabIndex={-1}>
          {REGISTER_TEXT.verifyTitle}
        </h2>
        <p role="status">{AUTH_MESSAGES.registered}</p>
        <div>
          <button className={styles.secondary} type="button" onClick={backToRegister}>
            {REGISTER_TEXT.backToRegister}
          </button>
        </div>
      </section>
    );
  }

  const policyError = errors.acceptedPolicy;
  return (
    <>
      <form ref={form} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
        <Field
          id={`${id}-username`}
          name="username"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={values.username}
          error={errors.username}
          onChange={set('username')}
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
        <Field
          id={`${id}-password`}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_LIMITS.newMin}
          maxLength={PASSWORD_LIMITS.newMax}
          hint={`${PASSWORD_LIMITS.newMin} to ${PASSWORD_LIMITS.newMax} characters.`}
          value={values.password}
          error={errors.password}
          onChange={set('password')}
          onFocus={preloadPasswordCheck}
        />
        <Field
          id={`${id}-confirmPassword`}
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <div className={styles.field}>
          <div className={styles.checkbox}>
            <input
              id={`${id}-acceptedPolicy`}
              name="acceptedPolicy"
              type="checkbox"
              checked={values.acceptedPolicy}
              aria-invalid={policyError ? true : undefined}
              aria-describedby={policyError ? `${id}-acceptedPolicy-error` : undefined}
              onChange={(event) => set('acceptedPolicy')(event.target.checked)}
            />
            <label htmlFor={`${id}-acceptedPolicy`}>
              I accept the <a href="/privacy-policy">Privacy Policy</a>,{' '}
              <a href="/terms-of-use">Terms of Use</a> and{' '}
              <a href="/return-policy">Return Policy</a>.
            </label>
          </div>
          {policyError && (
            <p className={styles.fieldError} id={`${id}-acceptedPolicy-error`}>
              {policyError}
            </p>
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
          <button className={styles.button} type="submit" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? REGISTER_TEXT.submitting : REGISTER_TEXT.submit}
          </button>
        </div>
      </form>
      <p className={styles.links}>
        <span>
          {REGISTER_TEXT.haveAccount} <a href="/login">Login</a>
        </span>
      </p>
    </>
  );
}
