import {
  DEFAULT_PREVIEW,
  newPersonalizationField,
  MAX_FIELDS,
  PREVIEW_FONTS,
  type PersonalizationField,
  type PersonalizationSettings,
  type PreviewPlacement,
} from '../../../core/product/personalization';
import {
  numberOf,
  PersonalizationFieldEditor,
  personalizationMessages,
} from './PersonalizationFieldEditor';

interface Props {
  idPrefix: string;
  settings: PersonalizationSettings | null;
  errors: Record<string, string>;
  onChange: (settings: PersonalizationSettings | null) => void;
}

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
  return (
    <fieldset data-testid="personalization-editor">
      <legend>Personalization</legend>
      <label>
        <input
          type="checkbox"
          checked={settings !== null}
          onChange={() =>
            onChange(
              settings
                ? null
                : {
                    fields: [newPersonalizationField('name')],
                    leadTimeDays: 2,
                    preview: DEFAULT_PREVIEW,
                  },
            )
          }
        />{' '}
        Customers can personalize this product
      </label>
      {settings && (
        <PersonalizationSettingsFields
          idPrefix={idPrefix}
          settings={settings}
          errors={errors}
          onChange={onChange}
        />
      )}
    </fieldset>
  );
}

/** A personalized product's fields, lead time and preview placement. */
function PersonalizationSettingsFields({
  idPrefix,
  settings,
  errors,
  onChange,
}: Props & { settings: PersonalizationSettings }) {
  const { id, message, invalid } = personalizationMessages(idPrefix, errors);
  const setField = (index: number, change: Partial<PersonalizationField>) =>
    onChange({
      ...settings,
      fields: settings.fields.map((field, at) => (at === index ? { ...field, ...change } : field)),
    });
  const setPreview = (change: Partial<PreviewPlacement>) =>
    onChange({ ...settings, preview: { ...settings.preview, ...change } });

  return (
    <>
      {message('fields')}
      {settings.fields.map((field, index) => (
        <PersonalizationFieldEditor
          key={index}
          idPrefix={idPrefix}
          errors={errors}
          field={field}
          index={index}
          onChange={(change) => setField(index, change)}
          onRemove={
            settings.fields.length > 1
              ? () =>
                  onChange({ ...settings, fields: settings.fields.filter((_, at) => at !== index) })
              : undefined
          }
        />
      ))}
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
      <PreviewPlacementEditor
        idPrefix={idPrefix}
        errors={errors}
        preview={settings.preview}
        onChange={setPreview}
      />
    </>
  );
}

interface PreviewProps {
  idPrefix: string;
  errors: Record<string, string>;
  preview: PreviewPlacement;
  onChange(change: Partial<PreviewPlacement>): void;
}

const PREVIEW_LABELS = {
  x: 'Across',
  y: 'Down',
  width: 'Width',
  size: 'Font size',
  rotation: 'Rotation (degrees)',
} as const;

/** Where the preview writes the text on the product's first picture, its font and colour. */
function PreviewPlacementEditor({ idPrefix, errors, preview, onChange }: PreviewProps) {
  const { id, message, invalid } = personalizationMessages(idPrefix, errors);
  return (
    <fieldset>
      <legend>Preview on the first picture (percent of the picture)</legend>
      {(['x', 'y', 'width', 'size', 'rotation'] as const).map((name) => (
        <span key={name}>
          <label htmlFor={id(`preview.${name}`)}>{PREVIEW_LABELS[name]}</label>
          <input
            id={id(`preview.${name}`)}
            type="number"
            step="any"
            value={Number.isNaN(preview[name]) ? '' : preview[name]}
            {...invalid(`preview.${name}`)}
            onChange={(event) => onChange({ [name]: numberOf(event.target.value) })}
          />
          {message(`preview.${name}`)}
        </span>
      ))}
      <label htmlFor={id('preview.font')}>Font</label>
      <select
        id={id('preview.font')}
        value={preview.font}
        onChange={(event) => onChange({ font: event.target.value as PreviewPlacement['font'] })}
      >
        {PREVIEW_FONTS.map((font) => (
          <option key={font}>{font}</option>
        ))}
      </select>
      <label htmlFor={id('preview.color')}>Text color</label>
      <input
        id={id('preview.color')}
        type="color"
        value={preview.color}
        onChange={(event) => onChange({ color: event.target.value })}
      />
    </fieldset>
  );
}
