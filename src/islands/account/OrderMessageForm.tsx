import { useId, useState, type SubmitEvent } from 'react';
import { HISTORY_MESSAGES, type HistoryOrder } from '../../../core/orders/history-model';
import { api } from '../../lib/api-client';
import { FieldFrame } from '../forms/Field';
import { FormMessages, SubmitButton } from '../forms/FormFeedback';
import { useForm } from '../forms/useForm';
import styles from './Account.module.css';
import own from './Orders.module.css';

/** 'Report an Issue' (shipped) or 'Start a Return' (delivered): a message to the shop. */
export function OrderMessageForm({
  kind,
  order,
  onClose,
  onSent,
}: {
  kind: 'issue' | 'return';
  order: HistoryOrder;
  onClose: () => void;
  onSent?: (() => void) | undefined;
}) {
  const id = useId();
  const returnable = order.items.filter((item) => item.returnable);
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>(returnable.map((item) => item.itemId));
  const { errors, setErrors, status, sending, setStatus, done, fail } = useForm(['message']);
  const error = errors.message;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (message.trim() === '') {
      setErrors({ message: HISTORY_MESSAGES.messageRequired });
      return;
    }
    if (kind === 'return' && chosen.length === 0) {
      setErrors({ message: 'Choose at least one item to return.' });
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const result =
      kind === 'issue'
        ? await api.post('/orders/issue', { id: order._id, message })
        : await api.post('/orders/return', { id: order._id, message, items: chosen });
    if (result.ok) {
      done();
      setMessage('');
      onSent?.();
    } else if (result.status !== 401) {
      fail(HISTORY_MESSAGES.messageFailed);
    }
  }

  const title = kind === 'issue' ? 'Report an Issue' : 'Start a Return';
  return (
    <form className={own.form} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={own.meta}>
        {title}: order {order.orderNumber}
      </h4>
      {kind === 'return' && (
        <fieldset>
          <legend>Items to return</legend>
          {returnable.map((item) => (
            <label key={item.itemId} className={styles.checkbox}>
              <input
                type="checkbox"
                checked={chosen.includes(item.itemId)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, item.itemId]
                      : current.filter((itemId) => itemId !== item.itemId),
                  )
                }
              />
              {item.title}
              {item.variantTitle ? ` (${item.variantTitle})` : ''} × {item.quantity}
            </label>
          ))}
        </fieldset>
      )}
      <FieldFrame
        id={`${id}-message`}
        label="Message"
        error={error}
        classes={{ error: styles.fieldError }}
      >
        {(aria) => (
          <textarea
            id={`${id}-message`}
            name="message"
            maxLength={2000}
            value={message}
            {...aria}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </FieldFrame>
      <FormMessages status={status} doneText={HISTORY_MESSAGES.messageSent} transient />
      <SubmitButton busy={sending} label="Send" busyLabel="Send">
        <button type="button" className={styles.secondary} onClick={onClose}>
          Close
        </button>
      </SubmitButton>
    </form>
  );
}
