import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  CONTACT_SUBJECTS,
  contactMessage,
  contactPayload,
  contactRequest,
  firstErrorPerField,
  type ContactField,
  type ContactFormValues,
} from '../../../api/modules/contact/model';
import { api } from '../../lib/api-client';
import { CONTACT_TEXT } from '../../lib/site-messages';
import { $auth } from '../../stores/auth';
import { useHydrated } from '../shell/useHydrated';
import styles from './ContactForm.module.css';

type Errors = Partial<Record<ContactField, string>>;
type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed'; text: string; detail?: string | undefined };

const EMPTY: ContactFormValues = { email: '', subject: '', message: '', orderNumber: '' };
const FIELD_ORDER: ContactField[] = ['email', 'subject', 'message', 'orderNumber'];

/**
 * The contact form (spec §2, §5, §8). Validated with the API's own schema; the first message of
 * each field shows under it. A logged-in shopper does not type an email: the server takes the account's.
 */
export default function ContactForm() {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const accountEmail = hydrated && auth.isLoggedIn ? (auth.user?.username ?? null) : null;
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    if (status.kind === 'sent') thanks.current?.focus();
  }, [status]);

  const update = (field: ContactField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // spec §7: the email goes only when logged out; the server takes the account's otherwise.
    const { email, ...rest } = contactPayload(values);
    const payload = accountEmail ? rest : { email, ...rest };
    const checked = (accountEmail ? contactRequest : contactMessage).safeParse(payload);
    if (!checked.success) {
      const found = firstErrorPerField(checked.error);
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const result = await api.post('/contact/contact', payload);
    if (result.status === 201) {
      setStatus({ kind: 'sent' });
      return;
    }
    if (result.status === 0) {
      setStatus({ kind: 'failed', text: CONTACT_TEXT.networkError });
      return;
    }
    if (!result.ok && result.fields) setErrors(result.fields);
    setStatus({
      kind: 'failed',
      text: CONTACT_TEXT.failure,
      detail: result.ok ? undefined : result.error,
    });
  }

  if (status.kind === 'sent') {
    return (
      <p ref={thanks} className={styles.thanks} role="status" tabIndex={-1}>
        {CONTACT_TEXT.success}
      </p>
    );
  }

  const field = (name: ContactField) => {
    const error = errors[name];
    return {
      id: `${id}-${name}`,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
    };
  };
  const errorFor = (name: ContactField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={styles.error}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit}>
      {accountEmail ? (
        <p className={styles.replyTo}>
          We will reply to <strong>{accountEmail}</strong>.
        </p>
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => update('email')(event.target.value)}
          />
          {errorFor('email')}
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-subject`}>Subject</label>
        <select
          {...field('subject')}
          value={values.subject}
          onChange={(event) => update('subject')(event.target.value)}
        >
          <option value="">Choose a subject</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
        {errorFor('subject')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          {...field('message')}
          rows={6}
          value={values.message}
          onChange={(event) => update('message')(event.target.value)}
        />
        <p className={styles.hint}>Up to 256 characters.</p>
        {errorFor('message')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-orderNumber`}>
          Order number <span className={styles.optional}>(optional)</span>
        </label>
        <input
          {...field('orderNumber')}
          type="text"
          autoComplete="off"
          value={values.orderNumber}
          onChange={(event) => update('orderNumber')(event.target.value)}
        />
        {errorFor('orderNumber')}
      </div>
      {status.kind === 'failed' && (
        <div className={styles.failure} role="alert">
          <p>{status.text}</p>
          {status.detail && <p>{status.detail}</p>}
        </div>
      )}
      <button
        className={styles.submit}
        type="submit"
        disabled={!hydrated || status.kind === 'sending'}
      >
        {status.kind === 'sending' ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
