import type { KeyboardEvent } from 'react';
import { GIFT_CARD_LABELS } from '../../../core/gift-cards/model';
import { FieldFrame, type FieldClasses } from '../shared/Field';

interface Props {
  id: string;
  name: string;
  value: string;
  /** The server's refusal, announced as it appears and tied to the field. */
  error: string;
  classes?: FieldClasses | undefined;
  onChange(value: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/** A gift card's code as the shopper types it: the balance page's and the billing step's one field. */
export function GiftCardCodeField({ id, name, value, error, classes, onChange, onKeyDown }: Props) {
  return (
    <FieldFrame
      id={id}
      label={GIFT_CARD_LABELS.code}
      error={error || undefined}
      alert
      classes={classes}
    >
      {(aria) => (
        <input
          id={id}
          name={name}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value}
          {...aria}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
    </FieldFrame>
  );
}
