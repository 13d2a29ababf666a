import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  CONTACT_FIELD_MESSAGES,
  CONTACT_SUBJECTS,
  CONTACT_TEXT_MAX,
  contactPayload,
  contactRequest,
  firstErrorPerField,
  type ContactField,
  type ContactFormValues,
} from '../../../core/contact/model';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { CONTACT_TEXT } from '../../../core/site-messages';
import { $auth } from '../../stores/auth';
import { useHydrated } from '../shared/useHydrated';
import styles from './ContactForm.module.css';

type Errors = Partial<Record<ContactField, string>>;
type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed'; text: string; detail?: string | undefined };

/**
 * The message's live count against the limit (issue 13 point 6). Screen readers hear it when they
 * reach the field, and once more near the limit rather than at every key.
 */
function CharacterCount({ id, length }: { id: string; length: number }) {
  const left = CONTACT_TEXT_MAX - length;
  const near = left <= 20;
  return (
    <p id={id} className={`${styles.hint} ${left < 0 ? styles.over : ''}`}>
      <span aria-live={near ? 'polite' : 'off'}>
        {length} / {CONTACT_TEXT_MAX} characters
        {left < 0 ? `: ${-left} too many` : near ? `: ${left} left` : ''}
      </span>
    </p>
  );
}

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
  const id = useId();
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [values, setValues] = useDomInitialState<ContactFormValues>(
    EMPTY,
    (name) => `${id}-${name}`,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const earlySubmit = useEarlySubmit(form);

  useEffect(() => {
    if (status.kind === 'sent') thanks.current?.focus();
  }, [status]);

  const update = (field: ContactField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // spec §7: the email goes only when logged out (and given: DECISIONS "Contact email"); the
    // server takes the account's otherwise.
    const { email, ...rest } = contactPayload(values);
    const payload = accountEmail || !email ? rest : { email, ...rest };
    const checked = contactRequest.safeParse(payload);
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
    <form ref={form} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
      {accountEmail ? (
        <p className={styles.replyTo}>
          We will reply to <strong>{accountEmail}</strong>.
        </p>
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>
            Email <span className={styles.optional}>(optional)</span>
          </label>
          <input
            {...field('email')}
            aria-describedby={[`${id}-email-hint`, field('email')['aria-describedby']]
              .filter(Boolean)
              .join(' ')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => update('email')(event.target.value)}
          />
          <p id={`${id}-email-hint`} className={styles.hint}>
            {CONTACT_FIELD_MESSAGES.emailOptional}
          </p>
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
          aria-describedby={[`${id}-message-count`, field('message')['aria-describedby']]
            .filter(Boolean)
            .join(' ')}
          rows={6}
          value={values.message}
          onChange={(event) => update('message')(event.target.value)}
        />
        {/* Counted from hydration on: the server's HTML says 0, and hydration must match it. */}
        <CharacterCount id={`${id}-message-count`} length={hydrated ? values.message.length : 0} />
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
      <button className={styles.submit} type="submit" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
