import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './Account.module.css';

/** The class names of a field's parts: the account pages' by default, the checkout's global ones. */
export interface FieldClasses {
  /** The wrapper's; none: the parts go straight into the form. */
  field?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
}

const ACCOUNT_CLASSES: FieldClasses = {
  field: styles.field ?? '',
  hint: styles.hint,
  error: styles.fieldError,
};

/** What ties a control to its hint and message, for screen readers. */
export interface ControlAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  classes?: FieldClasses | undefined;
  /** Whether a message is announced as it appears (one that comes from a server's answer). */
  alert?: boolean | undefined;
  /** The control (input, textarea, select) with the id, given its aria attributes. */
  children: (aria: ControlAria) => ReactNode;
}

/**
 * A labelled control whose hint and message show under it and are tied to it (aria-describedby,
 * aria-invalid), so a screen reader reads them when the control gets focus.
 */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  classes = ACCOUNT_CLASSES,
  alert = false,
  children,
}: FrameProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const parts = (
    <>
      <label htmlFor={id}>{label}</label>
      {children({
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p className={classes.hint} id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className={classes.error} id={errorId} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </>
  );
  return classes.field === undefined ? parts : <div className={classes.field}>{parts}</div>;
}

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

/** The one labelled input of the shop's forms. */
export function Field({ id, name, label, value, error, hint, classes, onChange, ...input }: Props) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} classes={classes}>
      {(aria) => (
        <input
          id={id}
          name={name}
          value={value}
          {...aria}
          onChange={onChange && ((event) => onChange(event.target.value))}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

/**
 * The shop's email field: a required address the browser may fill in (`name` "email" unless the
 * form's is another, e.g. the account's "username").
 */
export function EmailField(props: Omit<Props, 'name'> & { name?: string }) {
  return <Field name="email" type="email" autoComplete="email" required {...props} />;
}
