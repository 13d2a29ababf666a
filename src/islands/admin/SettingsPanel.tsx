import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { NoticeLine, type Notice } from './useAdminAction';
import styles from './Admin.module.css';

interface SettingsPanelProps<Item> {
  /** The panel's name: its heading's id is `<name>-title`, its list's test id the name. */
  name: string;
  heading: string;
  intro: string;
  /** What the panel says when nothing is set; without it, an empty list shows nothing. */
  emptyText?: string;
  items: Item[];
  keyOf: (item: Item) => string | number;
  /** An item as its line reads, before its remove button. */
  describe: (item: Item) => ReactNode;
  removeLabel: string;
  onRemove: (item: Item) => void;
  /** The form's labelled inputs. */
  children: ReactNode;
  submitLabel: string;
  onSubmit: () => void;
  busy: boolean;
  notice: Notice;
}

/**
 * One panel of a settings page: what is set, each with a button that removes it, then the form
 * that adds (or changes) one, and a line saying what the last save did.
 */
export function SettingsPanel<Item>({
  name,
  heading,
  intro,
  emptyText,
  items,
  keyOf,
  describe,
  removeLabel,
  onRemove,
  children,
  submitLabel,
  onSubmit,
  busy,
  notice,
}: SettingsPanelProps<Item>) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <section className={styles.panel} aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>{heading}</h2>
      <p>{intro}</p>
      {items.length === 0 ? (
        emptyText && <p>{emptyText}</p>
      ) : (
        <ul data-testid={name}>
          {items.map((item) => (
            <li key={keyOf(item)}>
              {describe(item)}{' '}
              <button
                className={styles.secondary}
                type="button"
                disabled={busy}
                onClick={() => onRemove(item)}
              >
                {removeLabel}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={submit}>
        {children}
        <button className={styles.button} type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </form>
      <NoticeLine notice={notice} />
    </section>
  );
}

/** One labelled input of a settings form; its text goes back through `onChange`. */
export function FormField({
  label,
  onChange,
  ...input
}: { label: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>) {
  return (
    <label>
      {label}
      <input {...input} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
