import { useId, type SubmitEvent } from 'react';
import { freshLinksRequestSchema } from '../../../core/downloads/model';
import { api } from '../../lib/api-client';
import { EmailField, Field } from './Field';
import { FormMessages, SubmitButton } from './FormFeedback';
import { useForm } from './useForm';
import { useHydrated } from './useHydrated';
import styles from './Account.module.css';

export interface OrderLookupProps {
  /** Where the order number and email go (an API path that emails the order's address). */
  path: string;
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  /** The answer, the same whether or not an order matched. */
  doneText: string;
  failedText: string;
  /** Filled in where the order is known (the confirmation page). */
  orderNumber?: number | undefined;
  email?: string | undefined;
}

/**
 * An order number and the email it was placed with, sent to `path`, which emails the order's
 * address (fresh download links, the order's status link); the answer tells nothing of the order.
 */
export function OrderLookupForm({
  path,
  name,
  submitLabel,
  doneText,
  failedText,
  orderNumber,
  email,
}: OrderLookupProps) {
  const hydrated = useHydrated();
  const { form, errors, status, sending, check, fail, done } = useForm(['orderNumber', 'email']);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Uncontrolled fields: what was typed before the page was ready is what is sent.
    const body = check(
      freshLinksRequestSchema,
      Object.fromEntries(new FormData(event.currentTarget)),
    );
    if (!body) return;
    const result = await api.post(path, body, { anonymous: true });
    if (result.ok) done();
    else if (result.status === 429 && result.error) fail(result.error);
    else fail(failedText);
  }

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} aria-label={name}>
      <Field
        id={`${id}-number`}
        name="orderNumber"
        label="Order number"
        inputMode="numeric"
        autoComplete="off"
        required
        defaultValue={orderNumber}
        error={errors.orderNumber}
      />
      <EmailField
        id={`${id}-email`}
        label="Email used for the order"
        maxLength={254}
        defaultValue={email}
        error={errors.email}
      />
      <FormMessages status={status} doneText={doneText} />
      <SubmitButton busy={sending} disabled={!hydrated} label={submitLabel} busyLabel="Sending…" />
    </form>
  );
}
