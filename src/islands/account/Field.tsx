import type { InputHTMLAttributes } from 'react';
import styles from './Account.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  onChange(value: string): void;
}

/**
 * A labelled input whose message shows under it and is tied to it (aria-describedby), so a
 * screen reader reads the message when the field gets focus.
 */
export function Field({ id, name, label, value, error, hint, onChange, ...input }: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      {hint && (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className={styles.fieldError} id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Moves focus to the first field of `order` that has a message, so the shopper lands on it. */
export function focusFirstError(
  form: HTMLFormElement | null,
  errors: Record<string, string>,
  order: string[],
): void {
  const first = order.find((name) => errors[name]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
