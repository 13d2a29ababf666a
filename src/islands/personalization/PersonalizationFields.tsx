import {
  allowedCharactersText,
  fieldMaxLength,
  PERSONALIZED_POLICY,
  type PersonalizationField,
  type PersonalizationSettings,
  type PersonalizationValues,
} from '../../../core/product/personalization';
import { centsToDollars, formatDollars } from '../../../core/money';

/** What a field takes, said before the shopper types (server-rendered, so it reads without JS). */
export function fieldHint(field: PersonalizationField): string {
  const price =
    field.priceCents > 0 ? ` Adds ${formatDollars(centsToDollars(field.priceCents))}.` : '';
  const optional = field.required ? '' : ' Optional.';
  if (field.kind === 'monogram') return `1 to 3 letters.${optional}${price}`;
  if (field.kind === 'date') return `A date.${optional}${price}`;
  return `Up to ${field.maxLength} characters: ${allowedCharactersText(field)}.${optional}${price}`;
}

/**
 * The personalization fields on a product page (issue 40): each with its label, what it takes, a
 * live counter and its error, tied to the input by aria-describedby; the lead time and the policy
 * before Add to cart; without JavaScript, a sentence saying what to do.
 */
export default function PersonalizationFields({
  settings,
  values,
  errors,
  disabled,
  onChange,
}: {
  settings: PersonalizationSettings;
  values: PersonalizationValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (values: PersonalizationValues) => void;
}) {
  return (
    <fieldset className="personalize" data-testid="personalize">
      <legend>Personalize it</legend>
      <noscript>
        <p className="personalize-noscript">
          Personalizing this item needs JavaScript: please turn it on to type your text and see it
          on the picture, or write to us through the contact page and we will take your order.
        </p>
      </noscript>
      {settings.fields.map((field) => {
        const id = `personalize-${field.key}`;
        const value = values[field.key] ?? '';
        const most = fieldMaxLength(field);
        const used = [...value].length;
        const describedBy = [`${id}-hint`, field.kind === 'date' ? '' : `${id}-count`]
          .concat(errors[field.key] ? [`${id}-error`] : [])
          .filter(Boolean)
          .join(' ');
        return (
          <div className="personalize-field" key={field.key}>
            <label htmlFor={id}>
              {field.label}
              {field.required ? '' : ' (optional)'}
            </label>
            <input
              id={id}
              name={`personalization.${field.key}`}
              type={field.kind === 'date' ? 'date' : 'text'}
              value={value}
              maxLength={field.kind === 'date' ? undefined : most}
              autoCapitalize={field.kind === 'monogram' ? 'characters' : undefined}
              autoComplete="off"
              spellCheck={false}
              required={field.required}
              disabled={disabled}
              aria-invalid={errors[field.key] ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
            />
            <p id={`${id}-hint`} className="hint">
              {fieldHint(field)}
            </p>
            {field.kind !== 'date' && (
              <p id={`${id}-count`} className="counter" data-testid="counter">
                {used} of {most} characters
              </p>
            )}
            {errors[field.key] && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {errors[field.key]}
              </p>
            )}
          </div>
        );
      })}
      {settings.leadTimeDays > 0 && (
        <p className="lead-time">
          We make it for you: it ships {settings.leadTimeDays} business{' '}
          {settings.leadTimeDays === 1 ? 'day' : 'days'} later than other items.
        </p>
      )}
      <p className="personalized-policy" data-testid="personalized-policy">
        {PERSONALIZED_POLICY}
      </p>
    </fieldset>
  );
}
