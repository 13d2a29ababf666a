import type { ReactNode } from 'react';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';

/** What a control needs to be tied to its label, hint and message. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  id: string;
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** The control (input, textarea), given the props that tie it to the label and messages. */
  children: (props: ControlProps) => ReactNode;
}

/** One of the product form's controls with its hint and message under it, for screen readers too. */
export function EditorField({ id, name, label, hint, error, children }: Props) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={editor.field}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && <p id={`${id}-hint`}>{hint}</p>}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
