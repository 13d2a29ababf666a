import {
  addDays,
  GIFT_CARD_DELIVERY_DAYS,
  GIFT_CARD_LABELS,
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
  GIFT_CARD_TEXTS,
  giftCardDetails,
  shopToday,
  type GiftCardDetails,
} from '../../../core/gift-cards/model';
import styles from './GiftCardFields.module.css';

/** What the gift card fields hold while the shopper types. */
export interface GiftCardDraft {
  amount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

export const emptyGiftCardDraft = (): GiftCardDraft => ({
  amount: '',
  recipientName: '',
  recipientEmail: '',
  message: '',
  deliverOn: shopToday(),
});

/**
 * The draft read with the schema the order API checks it with (core/gift-cards/model.ts):
 * the details, or each field's sentence.
 */
export function readGiftCardDraft(
  draft: GiftCardDraft,
  custom: boolean,
): { ok: true; details: GiftCardDetails } | { ok: false; errors: Record<string, string> } {
  const amount = draft.amount.trim() === '' ? Number.NaN : Number(draft.amount);
  const parsed = giftCardDetails.safeParse({
    ...(custom ? { amount } : {}),
    recipientName: draft.recipientName,
    recipientEmail: draft.recipientEmail,
    message: draft.message,
    deliverOn: draft.deliverOn,
  });
  if (parsed.success) return { ok: true, details: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

/** The gift card's recipient, message, date (and custom amount) on its product page. */
export default function GiftCardFields({
  draft,
  custom,
  errors,
  disabled,
  onChange,
}: {
  draft: GiftCardDraft;
  custom: boolean;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (draft: GiftCardDraft) => void;
}) {
  const today = shopToday();
  const field = (name: keyof GiftCardDraft) => ({
    id: `giftcard-${name}`,
    name,
    value: draft[name],
    disabled,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `giftcard-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      onChange({ ...draft, [name]: event.target.value }),
  });
  const error = (name: keyof GiftCardDraft) =>
    errors[name] ? (
      <p id={`giftcard-${name}-error`} className={styles.error}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <fieldset className={`gift-card-fields ${styles.fields}`}>
      <legend>Gift card</legend>
      {custom && (
        <p className={styles.field}>
          <label htmlFor="giftcard-amount">{GIFT_CARD_LABELS.amount}</label>
          <input
            {...field('amount')}
            type="number"
            inputMode="numeric"
            min={GIFT_CARD_MIN_DOLLARS}
            max={GIFT_CARD_MAX_DOLLARS}
            step={1}
          />
          {error('amount')}
        </p>
      )}
      <p className={styles.field}>
        <label htmlFor="giftcard-recipientName">{GIFT_CARD_LABELS.recipientName}</label>
        <input {...field('recipientName')} autoComplete="off" maxLength={100} />
        {error('recipientName')}
      </p>
      <p className={styles.field}>
        <label htmlFor="giftcard-recipientEmail">{GIFT_CARD_LABELS.recipientEmail}</label>
        <input {...field('recipientEmail')} type="email" autoComplete="off" />
        {error('recipientEmail')}
      </p>
      <p className={styles.field}>
        <label htmlFor="giftcard-message">{GIFT_CARD_LABELS.message}</label>
        <textarea {...field('message')} rows={3} maxLength={GIFT_CARD_MESSAGE_MAX} />
        <span className={styles.hint}>{`${draft.message.length}/${GIFT_CARD_MESSAGE_MAX}`}</span>
        {error('message')}
      </p>
      <p className={styles.field}>
        <label htmlFor="giftcard-deliverOn">{GIFT_CARD_LABELS.deliverOn}</label>
        <input
          {...field('deliverOn')}
          type="date"
          min={today}
          max={addDays(today, GIFT_CARD_DELIVERY_DAYS)}
        />
        {error('deliverOn')}
      </p>
      <p className={styles.hint}>{GIFT_CARD_TEXTS.noExpiry}</p>
      <p className={styles.hint}>
        <a href="/giftcard/balance">Check a gift card’s balance</a>
      </p>
    </fieldset>
  );
}
