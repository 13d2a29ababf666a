import { useId, type SubmitEvent } from 'react';
import { DOWNLOAD_MESSAGES, freshLinksRequestSchema } from '../../../core/downloads/model';
import { api } from '../../lib/api-client';
import { Field } from '../forms/Field';
import { FormMessages, SubmitButton } from '../forms/FormFeedback';
import { useForm } from '../forms/useForm';
import { useHydrated } from '../shell/useHydrated';
import styles from '../account/Account.module.css';

interface Props {
  /** Filled in where the order is known (the confirmation page). */
  orderNumber?: number | undefined;
  email?: string | undefined;
}

/**
 * Asks for fresh download links by order number and email: the links go to the order's email
 * address, and the answer is the same whether or not the order matched.
 */
export default function FreshLinkForm({ orderNumber, email }: Props) {
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
    const result = await api.post('/downloads/request', body, { anonymous: true });
    if (result.ok) done();
    else if (result.status === 429 && result.error) fail(result.error);
    else fail(DOWNLOAD_MESSAGES.failed);
  }

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-label="Ask for a fresh download link"
    >
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
      <Field
        id={`${id}-email`}
        name="email"
        label="Email used for the order"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={email}
        error={errors.email}
      />
      <FormMessages status={status} doneText={DOWNLOAD_MESSAGES.requested} />
      <SubmitButton
        busy={sending}
        disabled={!hydrated}
        label="Email me a fresh link"
        busyLabel="Sending…"
      />
    </form>
  );
}
