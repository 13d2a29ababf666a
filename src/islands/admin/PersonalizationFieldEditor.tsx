import type { ReactNode } from 'react';
import { centsToDecimal, dollarsToCents } from '../../../core/money';
import {
  PERSONALIZATION_KIND_LABELS,
  PERSONALIZATION_KINDS,
  type PersonalizationField,
  type PersonalizationKind,
} from '../../../core/product/personalization';
import styles from './Admin.module.css';

/** A number typed in a field: NaN when it is not one, so the shared schema names the field. */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The personalization editor's ids and messages: `message(path)` shows the API's or the schema's
 * message for `personalization.<path>`, `invalid(path)` ties its control to it.
 */
export function personalizationMessages(idPrefix: string, errors: Record<string, string>) {
  const id = (name: string) => `${idPrefix}-personalization-${name}`;
  const message = (path: string): ReactNode => {
    const text = errors[`personalization.${path}`];
    return text ? (
      <p id={id(`${path}-error`)} className={styles.error} role="alert">
        {text}
      </p>
    ) : null;
  };
  const invalid = (path: string) =>
    errors[`personalization.${path}`]
      ? { 'aria-invalid': true as const, 'aria-describedby': id(`${path}-error`) }
      : {};
  return { id, message, invalid };
}

interface Props {
  idPrefix: string;
  errors: Record<string, string>;
  field: PersonalizationField;
  index: number;
  onChange(change: Partial<PersonalizationField>): void;
  /** None: the product's only field, which stays. */
  onRemove?: (() => void) | undefined;
}

/** One personalization field: label, kind, its text rules, required, price added per item. */
export function PersonalizationFieldEditor({
  idPrefix,
  errors,
  field,
  index,
  onChange,
  onRemove,
}: Props) {
  const { id, message, invalid } = personalizationMessages(idPrefix, errors);
  const path = (name: string) => `fields.${index}.${name}`;
  return (
    <fieldset className="personalization-field">
      <legend>Field {index + 1}</legend>
      <label htmlFor={id(path('label'))}>Label</label>
      <input
        id={id(path('label'))}
        value={field.label}
        {...invalid(path('label'))}
        onChange={(event) => onChange({ label: event.target.value })}
      />
      {message(path('label'))}
      <label htmlFor={id(path('kind'))}>Kind</label>
      <select
        id={id(path('kind'))}
        value={field.kind}
        onChange={(event) => onChange({ kind: event.target.value as PersonalizationKind })}
      >
        {PERSONALIZATION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {PERSONALIZATION_KIND_LABELS[kind]}
          </option>
        ))}
      </select>
      {field.kind === 'text' && (
        <TextRulesEditor
          idPrefix={idPrefix}
          errors={errors}
          field={field}
          index={index}
          onChange={onChange}
        />
      )}
      <label>
        <input
          type="checkbox"
          checked={field.required}
          onChange={(event) => onChange({ required: event.target.checked })}
        />{' '}
        Required
      </label>
      <label htmlFor={id(path('priceCents'))}>Price added per item ($)</label>
      <input
        id={id(path('priceCents'))}
        type="number"
        min={0}
        step={0.01}
        value={Number.isNaN(field.priceCents) ? '' : centsToDecimal(field.priceCents)}
        {...invalid(path('priceCents'))}
        onChange={(event) => {
          const dollars = numberOf(event.target.value);
          onChange({
            priceCents: Number.isNaN(dollars) ? Number.NaN : dollarsToCents(dollars),
          });
        }}
      />
      {message(path('priceCents'))}
      {onRemove && (
        <button type="button" onClick={onRemove}>
          Remove field {index + 1}
        </button>
      )}
    </fieldset>
  );
}

/** A text field's rules: most characters, letters, digits, spaces, and the punctuation allowed. */
function TextRulesEditor({ idPrefix, errors, field, index, onChange }: Omit<Props, 'onRemove'>) {
  const { id, message, invalid } = personalizationMessages(idPrefix, errors);
  const path = (name: string) => `fields.${index}.${name}`;
  return (
    <>
      <label htmlFor={id(path('maxLength'))}>Most characters</label>
      <input
        id={id(path('maxLength'))}
        type="number"
        min={1}
        max={60}
        value={Number.isNaN(field.maxLength) ? '' : field.maxLength}
        {...invalid(path('maxLength'))}
        onChange={(event) => onChange({ maxLength: numberOf(event.target.value) })}
      />
      {message(path('maxLength'))}
      <span>
        {(['letters', 'digits', 'spaces'] as const).map((name) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={field[name]}
              onChange={(event) => onChange({ [name]: event.target.checked })}
            />{' '}
            {name[0]!.toUpperCase() + name.slice(1)}
          </label>
        ))}
      </span>
      {message(path('letters'))}
      <label htmlFor={id(path('symbols'))}>Punctuation allowed</label>
      <input
        id={id(path('symbols'))}
        value={field.symbols}
        {...invalid(path('symbols'))}
        onChange={(event) => onChange({ symbols: event.target.value })}
      />
      {message(path('symbols'))}
    </>
  );
}
