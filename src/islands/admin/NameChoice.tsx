import { NEW_NAME } from './product-form';
import styles from './Admin.module.css';

/** The name of a new category or subcategory, typed on purpose. */
function NewName({
  label,
  onChange,
  onDone,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onDone: () => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}) {
  return (
    <>
      <label htmlFor={input.id}>{label}</label>
      <input
        {...input}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onBlur={onDone}
      />
    </>
  );
}

/** A choice's message under it, when it has one. */
function Message({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.error}>
      {text}
    </p>
  ) : null;
}
/** A name offered in a select even when the list lacks it (the product's own, loaded earlier). */
export const withCurrent = (names: string[], current: string) =>
  current && current !== NEW_NAME && !names.includes(current) ? [current, ...names] : names;

/**
 * One name of a listing (its category or its subcategory): a select of the names there are, with
 * an entry revealing a text field for a new one, and its message under it.
 */
export function NameChoice({
  id,
  field,
  name,
  label,
  value,
  names,
  noneLabel,
  newOption,
  newLabel,
  newValue,
  error,
  onPick,
  onType,
  onDone,
}: {
  id: string;
  field: 'category' | 'subcategory';
  name: string;
  label: string;
  value: string;
  names: string[];
  noneLabel: string;
  newOption: string;
  newLabel: string;
  newValue: string;
  error: string | undefined;
  onPick(value: string): void;
  onType(value: string): void;
  onDone(): void;
}) {
  const typing = value === NEW_NAME;
  // A message belongs to the text field when the name is typed, to the select when it is picked.
  const described = error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` }
    : {};
  return (
    <>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select
        id={`${id}-${field}`}
        name={name}
        value={value}
        onChange={(event) => onPick(event.target.value)}
        {...(typing ? {} : described)}
      >
        <option value="">{noneLabel}</option>
        {names.map((each) => (
          <option key={each} value={each}>
            {each}
          </option>
        ))}
        <option value={NEW_NAME}>{newOption}</option>
      </select>
      {typing && (
        <NewName
          id={`${id}-new-${field}`}
          name={`${name}.new`}
          label={newLabel}
          value={newValue}
          onChange={onType}
          onDone={onDone}
          {...described}
        />
      )}
      <Message id={`${id}-${field}-error`} text={error} />
    </>
  );
}
