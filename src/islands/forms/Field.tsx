import type { InputHTMLAttributes } from 'react';
import styles from '../account/Account.module.css';

/** The class names of a field's parts: the account pages' by default, the checkout's global ones. */
export interface FieldClasses {
  field: string;
  hint: string;
  error: string;
}

const ACCOUNT_CLASSES: FieldClasses = {
  field: styles.field ?? '',
  hint: styles.hint ?? '',
  error: styles.fieldError ?? '',
};

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  name: string;
  label: string;
  /** Left out (with `onChange`) for an uncontrolled field, which may have a `defaultValue`. */
  value?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  classes?: FieldClasses | undefined;
  onChange?(value: string): void;
}

/**
 * The one labelled input of the shop's forms: its hint and message show under it and are tied to it
 * (aria-describedby, aria-invalid), so a screen reader reads them when the field gets focus.
 */
export function Field({
  id,
  name,
  label,
  value,
  error,
  hint,
  classes = ACCOUNT_CLASSES,
  onChange,
  ...input
}: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={classes.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={onChange && ((event) => onChange(event.target.value))}
        {...input}
      />
      {hint && (
        <p className={classes.hint} id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className={classes.error} id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
