import { useId, useRef, useState, type SubmitEvent } from 'react';
import { DOWNLOAD_MESSAGES, freshLinksRequestSchema } from '../../../core/downloads/model';
import { api } from '../../lib/api-client';
import { useHydrated } from '../shell/useHydrated';
import styles from '../account/Account.module.css';

type Status =
  { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; text: string };

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
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<{ orderNumber?: string; email?: string }>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Uncontrolled fields: what was typed before the page was ready is what is sent.
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const checked = freshLinksRequestSchema.safeParse(values);
    if (!checked.success) {
      const found: { orderNumber?: string; email?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as 'orderNumber' | 'email';
        found[field] ??= issue.message;
      }
      setErrors(found);
      setStatus({ kind: 'editing' });
      const first = found.orderNumber ? 'orderNumber' : 'email';
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const result = await api.post('/downloads/request', checked.data, { anonymous: true });
    if (result.ok) setStatus({ kind: 'sent' });
    else if (result.status === 429 && result.error)
      setStatus({ kind: 'failed', text: result.error });
    else setStatus({ kind: 'failed', text: DOWNLOAD_MESSAGES.failed });
  }

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-label="Ask for a fresh download link"
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-number`}>Order number</label>
        <input
          id={`${id}-number`}
          name="orderNumber"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={orderNumber}
          aria-invalid={errors.orderNumber ? true : undefined}
          aria-describedby={errors.orderNumber ? `${id}-number-error` : undefined}
        />
        {errors.orderNumber && (
          <p className={styles.fieldError} id={`${id}-number-error`}>
            {errors.orderNumber}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>Email used for the order</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        {errors.email && (
          <p className={styles.fieldError} id={`${id}-email-error`}>
            {errors.email}
          </p>
        )}
      </div>
      <div role="status" aria-live="polite">
        {status.kind === 'sent' && (
          <div className={styles.success}>
            <p>{DOWNLOAD_MESSAGES.requested}</p>
          </div>
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
        <button
          className={styles.button}
          type="submit"
          disabled={!hydrated || status.kind === 'sending'}
        >
          {status.kind === 'sending' ? 'Sending…' : 'Email me a fresh link'}
        </button>
      </div>
    </form>
  );
}
