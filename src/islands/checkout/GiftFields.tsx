import {
  GIFT_MESSAGE_LIMIT,
  GIFT_TEXT,
  giftMessageLength,
  normalizeGiftMessage,
} from '../../../core/orders/gift';
import type { CheckoutGift } from '../../stores/checkout';
import { FieldFrame } from '../shared/Field';
import { TextField } from '../shared/TextField';

interface Props {
  value: CheckoutGift;
  /** Messages under the fields (keys of `giftSchema`: message, recipientEmail). */
  errors: Record<string, string>;
  onChange(value: CheckoutGift): void;
}

const CLASSES = { field: 'field', hint: 'hint', error: 'field-error' };

/**
 * The shipping step's "This is a gift" (issue 26): the box reveals the message (counted live, as
 * the schema counts it), "Hide prices" and the recipient's optional email. A digital-only cart
 * never shows it (nothing ships). The checks are `giftSchema`'s, the order API's too.
 */
export function GiftFields({ value, errors, onChange }: Props) {
  const used = giftMessageLength(normalizeGiftMessage(value.message));
  return (
    <fieldset className="gift-fields">
      <legend className="visually-hidden">{GIFT_TEXT.legend}</legend>
      <label className="checkbox">
        <input
          id="gift-isGift"
          name="gift-isGift"
          type="checkbox"
          checked={value.isGift}
          onChange={(event) => onChange({ ...value, isGift: event.target.checked })}
        />{' '}
        {GIFT_TEXT.isGift}
      </label>
      {value.isGift && (
        <>
          <FieldFrame
            id="gift-message"
            label={GIFT_TEXT.message}
            hint={GIFT_TEXT.messageHint}
            error={errors.message}
            classes={CLASSES}
          >
            {(aria) => (
              <textarea
                id="gift-message"
                name="gift-message"
                rows={4}
                value={value.message}
                {...aria}
                onChange={(event) => onChange({ ...value, message: event.target.value })}
              />
            )}
          </FieldFrame>
          <p
            className={used > GIFT_MESSAGE_LIMIT ? 'field-error' : 'hint'}
            id="gift-message-counter"
            aria-live="polite"
          >
            {GIFT_TEXT.counter(used)}
          </p>
          <label className="checkbox">
            <input
              id="gift-hidePrices"
              name="gift-hidePrices"
              type="checkbox"
              checked={value.hidePrices}
              onChange={(event) => onChange({ ...value, hidePrices: event.target.checked })}
            />{' '}
            {GIFT_TEXT.hidePrices}
          </label>
          <TextField
            id="gift-recipientEmail"
            label={GIFT_TEXT.recipientEmail}
            hint={GIFT_TEXT.recipientEmailHint}
            type="email"
            autoComplete="off"
            value={value.recipientEmail}
            error={errors.recipientEmail}
            onChange={(recipientEmail) => onChange({ ...value, recipientEmail })}
          />
        </>
      )}
    </fieldset>
  );
}
