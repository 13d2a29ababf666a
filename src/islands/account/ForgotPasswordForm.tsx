import { useId, type SubmitEvent } from 'react';
import { forgotPasswordBody } from '../../../core/auth/model';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { EmailField } from '../shared/Field';
import { FormMessages, SubmitButton } from '../shared/FormFeedback';
import { useForm } from '../shared/useForm';
import { FORGOT_TEXT } from './messages';
import styles from '../shared/Account.module.css';

/**
 * spec §2, §5, §8 Forgot password: a required email field and 'Send Reset Link'; on success the
 * message appears and the field clears.
 */
export default function ForgotPasswordForm() {
  const id = useId();
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [typed, setTyped] = useDomInitialState({ email: '' }, () => `${id}-email`);
  const email = typed.email;
  const setEmail = (value: string) => setTyped({ email: value });
  const { form, errors, status, sending, check, fail, done } = useForm(['email']);
  const earlySubmit = useEarlySubmit(form);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(forgotPasswordBody, { email });
    if (!body) return;
    const result = await api.post('/auth/forgot-password', body, { anonymous: true });
    if (result.status === 200) {
      setEmail('');
      done();
    } else if (result.status === 0) {
      fail(FORGOT_TEXT.failed);
    } else {
      // A 429 carries the server's sentence (how long to wait); any other answer the spec's.
      fail(result.status === 429 && !result.ok && result.error ? result.error : FORGOT_TEXT.notOk);
    }
  }

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
      <p className={styles.hint}>{FORGOT_TEXT.intro}</p>
      <EmailField
        id={`${id}-email`}
        label="Email"
        value={email}
        error={errors.email}
        onChange={setEmail}
      />
      <FormMessages status={status} doneText={FORGOT_TEXT.sent} />
      <SubmitButton busy={sending} label={FORGOT_TEXT.submit} busyLabel={FORGOT_TEXT.submitting}>
        <a href="/login">Back to Login</a>
      </SubmitButton>
    </form>
  );
}
