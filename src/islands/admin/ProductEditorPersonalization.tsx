import { centsToDecimal, dollarsToCents } from '../../../core/money';
import {
  DEFAULT_PREVIEW,
  newPersonalizationField,
  MAX_FIELDS,
  PERSONALIZATION_KIND_LABELS,
  PERSONALIZATION_KINDS,
  PREVIEW_FONTS,
  type PersonalizationField,
  type PersonalizationKind,
  type PersonalizationSettings,
  type PreviewPlacement,
} from '../../../core/product/personalization';
import styles from './Admin.module.css';

interface Props {
  idPrefix: string;
  settings: PersonalizationSettings | null;
  errors: Record<string, string>;
  onChange: (settings: PersonalizationSettings | null) => void;
}

/** A number typed in a field: NaN when it is not one, so the shared schema names the field. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The first unused key `text1`, `text2`, … for a new field. */
function freeKey(fields: PersonalizationField[]): string {
  for (let index = 1; ; index += 1) {
    const key = `text${index}`;
    if (!fields.some((field) => field.key === key)) return key;
  }
}

/**
 * The product editor's personalization (issue 40): whether the product takes a text, its fields
 * (label, kind, length, characters allowed, required, price added per item), the lead time and
 * where the preview writes the text on the product's first picture. Checked with the one schema
 * (core/product/personalization.ts) the API saves it with.
 */
export function ProductEditorPersonalization({ idPrefix, settings, errors, onChange }: Props) {
  const id = (name: string) => `${idPrefix}-personalization-${name}`;
  const message = (path: string) => {
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

  if (!settings) {
    return (
      <fieldset data-testid="personalization-editor">
        <legend>Personalization</legend>
        <label>
          <input
            type="checkbox"
            checked={false}
            onChange={() =>
              onChange({
                fields: [newPersonalizationField('name')],
                leadTimeDays: 2,
                preview: DEFAULT_PREVIEW,
              })
            }
          />{' '}
          Customers can personalize this product
        </label>
      </fieldset>
    );
  }

  const setField = (index: number, change: Partial<PersonalizationField>) =>
    onChange({
      ...settings,
      fields: settings.fields.map((field, at) => (at === index ? { ...field, ...change } : field)),
    });
  const setPreview = (change: Partial<PreviewPlacement>) =>
    onChange({ ...settings, preview: { ...settings.preview, ...change } });

  return (
    <fieldset data-testid="personalization-editor">
      <legend>Personalization</legend>
      <label>
        <input type="checkbox" checked onChange={() => onChange(null)} /> Customers can personalize
        this product
      </label>
      {message('fields')}
      {settings.fields.map((field, index) => {
        const path = (name: string) => `fields.${index}.${name}`;
        return (
          <fieldset key={index} className="personalization-field">
            <legend>Field {index + 1}</legend>
            <label htmlFor={id(path('label'))}>Label</label>
            <input
              id={id(path('label'))}
              value={field.label}
              {...invalid(path('label'))}
              onChange={(event) => setField(index, { label: event.target.value })}
            />
            {message(path('label'))}
            <label htmlFor={id(path('kind'))}>Kind</label>
            <select
              id={id(path('kind'))}
              value={field.kind}
              onChange={(event) =>
                setField(index, { kind: event.target.value as PersonalizationKind })
              }
            >
              {PERSONALIZATION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {PERSONALIZATION_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
            {field.kind === 'text' && (
              <>
                <label htmlFor={id(path('maxLength'))}>Most characters</label>
                <input
                  id={id(path('maxLength'))}
                  type="number"
                  min={1}
                  max={60}
                  value={Number.isNaN(field.maxLength) ? '' : field.maxLength}
                  {...invalid(path('maxLength'))}
                  onChange={(event) => setField(index, { maxLength: numberOf(event.target.value) })}
                />
                {message(path('maxLength'))}
                <span>
                  {(['letters', 'digits', 'spaces'] as const).map((name) => (
                    <label key={name}>
                      <input
                        type="checkbox"
                        checked={field[name]}
                        onChange={(event) => setField(index, { [name]: event.target.checked })}
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
                  onChange={(event) => setField(index, { symbols: event.target.value })}
                />
                {message(path('symbols'))}
              </>
            )}
            <label>
              <input
                type="checkbox"
                checked={field.required}
                onChange={(event) => setField(index, { required: event.target.checked })}
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
                setField(index, {
                  priceCents: Number.isNaN(dollars) ? Number.NaN : dollarsToCents(dollars),
                });
              }}
            />
            {message(path('priceCents'))}
            {settings.fields.length > 1 && (
              <button
                type="button"
                onClick={() =>
                  onChange({ ...settings, fields: settings.fields.filter((_, at) => at !== index) })
                }
              >
                Remove field {index + 1}
              </button>
            )}
          </fieldset>
        );
      })}
      {settings.fields.length < MAX_FIELDS && (
        <button
          type="button"
          onClick={() =>
            onChange({
              ...settings,
              fields: [...settings.fields, newPersonalizationField(freeKey(settings.fields))],
            })
          }
        >
          Add a field
        </button>
      )}
      <label htmlFor={id('leadTimeDays')}>Lead time (business days)</label>
      <input
        id={id('leadTimeDays')}
        type="number"
        min={0}
        max={60}
        value={Number.isNaN(settings.leadTimeDays) ? '' : settings.leadTimeDays}
        {...invalid('leadTimeDays')}
        onChange={(event) => onChange({ ...settings, leadTimeDays: numberOf(event.target.value) })}
      />
      {message('leadTimeDays')}
      <fieldset>
        <legend>Preview on the first picture (percent of the picture)</legend>
        {(['x', 'y', 'width', 'size', 'rotation'] as const).map((name) => (
          <span key={name}>
            <label htmlFor={id(`preview.${name}`)}>
              {
                {
                  x: 'Across',
                  y: 'Down',
                  width: 'Width',
                  size: 'Font size',
                  rotation: 'Rotation (degrees)',
                }[name]
              }
            </label>
            <input
              id={id(`preview.${name}`)}
              type="number"
              step="any"
              value={Number.isNaN(settings.preview[name]) ? '' : settings.preview[name]}
              {...invalid(`preview.${name}`)}
              onChange={(event) => setPreview({ [name]: numberOf(event.target.value) })}
            />
            {message(`preview.${name}`)}
          </span>
        ))}
        <label htmlFor={id('preview.font')}>Font</label>
        <select
          id={id('preview.font')}
          value={settings.preview.font}
          onChange={(event) => setPreview({ font: event.target.value as PreviewPlacement['font'] })}
        >
          {PREVIEW_FONTS.map((font) => (
            <option key={font}>{font}</option>
          ))}
        </select>
        <label htmlFor={id('preview.color')}>Text color</label>
        <input
          id={id('preview.color')}
          type="color"
          value={settings.preview.color}
          onChange={(event) => setPreview({ color: event.target.value })}
        />
      </fieldset>
    </fieldset>
  );
}
