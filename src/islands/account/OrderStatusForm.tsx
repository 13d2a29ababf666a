import { useId, type SubmitEvent } from 'react';
import { ORDER_STATUS_TEXT, orderStatusRequestSchema } from '../../../core/orders/order-status';
import { api } from '../../lib/api-client';
import { Field } from '../forms/Field';
import { FormMessages, SubmitButton } from '../forms/FormFeedback';
import { useForm } from '../forms/useForm';
import { useHydrated } from '../shell/useHydrated';
import styles from './Account.module.css';

/**
 * The "Order status" form: the order number and its email; the signed link to the order is
 * emailed to the order's address. The answer is the same whether or not an order matched.
 */
export function OrderStatusForm() {
  const hydrated = useHydrated();
  const { form, errors, status, sending, check, fail, done } = useForm(['orderNumber', 'email']);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    const body = check(orderStatusRequestSchema, fields);
    if (!body) return;
    const result = await api.post('/orders/status-link', body, { anonymous: true });
    if (result.ok) done();
    else fail(result.status === 429 && result.error ? result.error : ORDER_STATUS_TEXT.failed);
  }

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      data-order-status-form
    >
      <h2 id={`${id}-title`}>Find your order</h2>
      <p className={styles.hint}>
        Ordered without an account? Enter your order number and the email you used, and we will
        email you a link to the order.
      </p>
      <Field
        id={`${id}-number`}
        name="orderNumber"
        label="Order number"
        inputMode="numeric"
        autoComplete="off"
        required
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
        error={errors.email}
      />
      <FormMessages status={status} doneText={ORDER_STATUS_TEXT.requested} />
      <SubmitButton
        busy={sending}
        disabled={!hydrated}
        label="Email me a link"
        busyLabel="Sending…"
      />
    </form>
  );
}
