import { useId, useState, type Dispatch, type SetStateAction, type SubmitEvent } from 'react';
import {
  HISTORY_MESSAGES,
  RETURN_REASONS,
  type HistoryOrder,
  type ReturnReason,
} from '../../../core/orders/history-model';
import { FieldFrame } from '../shared/Field';
import { FormMessages, SubmitButton } from '../shared/FormFeedback';
import { useForm } from '../shared/useForm';
import { useOrderPost } from './order-access';
import styles from '../shared/Account.module.css';
import own from './Orders.module.css';
import { personalizedName } from '../shared/PersonalizedTexts';

const itemName = (item: HistoryOrder['items'][number]) =>
  `${personalizedName(
    `${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
    item.personalization,
  )} × ${item.quantity}`;

type MessageKind = 'issue' | 'return';

interface Props {
  kind: MessageKind;
  order: HistoryOrder;
  onClose: () => void;
  onSent?: (() => void) | undefined;
}

const MESSAGE_FIELDS = ['items', 'reason', 'message'] as const;

/** What keeps the message from going: no item or reason for a return, no text where it is needed. */
function messageErrors(
  kind: MessageKind,
  chosen: string[],
  reason: ReturnReason | '',
  message: string,
): Record<string, string> {
  const found: Record<string, string> = {};
  if (kind === 'return') {
    if (chosen.length === 0) found.items = 'Choose at least one item to return.';
    if (reason === '') found.reason = HISTORY_MESSAGES.reasonRequired;
  }
  if ((kind === 'issue' || reason === 'other') && message.trim() === '') {
    found.message = HISTORY_MESSAGES.messageRequired;
  }
  return found;
}

/**
 * 'Report an Issue' (shipped) or 'Start a Return' (delivered): a message to the shop. A return
 * lists the items the policy keeps, each with its reason, and asks why the others come back.
 * Once sent, the form gives way to a confirmation (an acknowledgement is emailed too).
 */
export function OrderMessageForm({ kind, order, onClose, onSent }: Props) {
  const id = useId();
  const { post } = useOrderPost();
  const returnable = order.items.filter((item) => item.returnable);
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [sent, setSent] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>(returnable.map((item) => item.itemId));
  const { errors, setErrors, status, sending, setStatus, fail } = useForm(MESSAGE_FIELDS);
  const title = kind === 'issue' ? 'Report an Issue' : 'Start a Return';

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = messageErrors(kind, chosen, reason, message);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus({ kind: 'sending' });
    const body =
      kind === 'issue'
        ? { id: order._id, message }
        : { id: order._id, reason, message, items: chosen };
    const result = await post<{ message: string }>(kind, body);
    if (result.ok) {
      setSent(result.data.message);
      onSent?.();
    } else if (result.status !== 401) {
      fail(result.status === 429 && result.error ? result.error : HISTORY_MESSAGES.messageFailed);
    }
  }

  if (sent !== null) return <MessageSent text={sent} onClose={onClose} />;

  return (
    <form className={own.form} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={own.meta}>
        {title}: order {order.orderNumber}
      </h4>
      {kind === 'return' && (
        <ReturnFields
          id={id}
          order={order}
          chosen={chosen}
          onChosen={setChosen}
          reason={reason}
          onReason={setReason}
          errors={errors}
        />
      )}
      <FieldFrame
        id={`${id}-message`}
        label={kind === 'return' && reason !== 'other' ? 'Message (optional)' : 'Message'}
        error={errors.message}
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
      <FormMessages status={status} transient />
      <SubmitButton busy={sending} label="Send" busyLabel="Send">
        <button type="button" className={styles.secondary} onClick={onClose}>
          Close
        </button>
      </SubmitButton>
    </form>
  );
}

/** The confirmation that replaces the form once the message is sent. */
function MessageSent({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <div className={own.confirmation} role="status" data-request-sent>
      <p>
        <strong>{HISTORY_MESSAGES.messageSent}</strong>
      </p>
      <p>{text}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

interface ReturnFieldsProps {
  id: string;
  order: HistoryOrder;
  chosen: string[];
  onChosen: Dispatch<SetStateAction<string[]>>;
  reason: ReturnReason | '';
  onReason: (reason: ReturnReason) => void;
  errors: Partial<Record<string, string>>;
}

/** A return's items (those the policy keeps listed apart) and its reason. */
function ReturnFields({
  id,
  order,
  chosen,
  onChosen,
  reason,
  onReason,
  errors,
}: ReturnFieldsProps) {
  const returnable = order.items.filter((item) => item.returnable);
  const excluded = order.items.filter((item) => !item.returnable && item.excludedReason);
  return (
    <>
      <fieldset aria-describedby={errors.items ? `${id}-items-error` : undefined}>
        <legend>Items to return</legend>
        {returnable.map((item) => (
          <label key={item.itemId} className={styles.checkbox}>
            <input
              type="checkbox"
              name="items"
              checked={chosen.includes(item.itemId)}
              onChange={(event) =>
                onChosen((current) =>
                  event.target.checked
                    ? [...current, item.itemId]
                    : current.filter((itemId) => itemId !== item.itemId),
                )
              }
            />
            {itemName(item)}
          </label>
        ))}
        {errors.items && (
          <p id={`${id}-items-error`} className={styles.fieldError}>
            {errors.items}
          </p>
        )}
      </fieldset>
      {excluded.length > 0 && (
        <div data-excluded>
          <p className={own.meta}>These items cannot be returned:</p>
          <ul className={own.excluded}>
            {excluded.map((item) => (
              <li key={item.itemId}>
                {itemName(item)}: {item.excludedReason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <FieldFrame
        id={`${id}-reason`}
        label="Why are you sending it back?"
        error={errors.reason}
        classes={{ error: styles.fieldError }}
      >
        {(aria) => (
          <select
            id={`${id}-reason`}
            name="reason"
            value={reason}
            {...aria}
            onChange={(event) => onReason(event.target.value as ReturnReason)}
          >
            <option value="">Choose a reason</option>
            {Object.entries(RETURN_REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </>
  );
}
