import {
  CONTACT_FIELD_MESSAGES,
  CONTACT_SUBJECTS,
  type ContactField,
  type ContactFormValues,
} from '../../../core/contact/model';
import { CharacterCount } from './CharacterCount';
import type { Errors } from './useContactForm';
import styles from './ContactForm.module.css';

interface FieldsProps {
  id: string;
  values: ContactFormValues;
  errors: Errors;
  update: (field: ContactField) => (value: string) => void;
}

/** A field's id, name and refusal wiring, and the refusal under it. */
function fieldWiring(id: string, errors: Errors) {
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
  return { field, errorFor };
}

/** Who the reply goes to: the account's address, or an optional email field when logged out. */
export function ReplyTo({ accountEmail, ...props }: FieldsProps & { accountEmail: string | null }) {
  const { id, values, update } = props;
  const { field, errorFor } = fieldWiring(id, props.errors);
  return (
    <>
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
    </>
  );
}

/** The subject, the message with its count, and the optional order number. */
export function ContactFields({ hydrated, ...props }: FieldsProps & { hydrated: boolean }) {
  const { id, values, update } = props;
  const { field, errorFor } = fieldWiring(id, props.errors);
  return (
    <>
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
    </>
  );
}
