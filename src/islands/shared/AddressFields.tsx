import { ADDRESS_LABELS, RECIPIENT_LABELS } from '../../../core/address/model';
import { TAX_MESSAGES, USPS_ZIP_LOOKUP_URL } from '../../../core/tax/messages';
import type { CheckoutAddress } from '../../stores/checkout';
import { StateSelect } from './StateSelect';
import { TextField } from './TextField';

interface Props {
  idPrefix: string;
  /** The form's optional title (spec §5). */
  title?: string;
  value: CheckoutAddress;
  errors: Record<string, string>;
  /** The address with one field changed, and which one. */
  onChange(value: CheckoutAddress, changed: keyof CheckoutAddress): void;
  /** 'shipping' or 'billing', for the browser's address autofill. */
  section: 'shipping' | 'billing';
  /** Ask for the recipient's first and last name (a shipping address, issue 26). */
  withName?: boolean;
}

/** A ZIP refused for its missing (or unknown) +4: the form says why and where to find it. */
const asksPlus4 = (message: string | undefined) =>
  message === TAX_MESSAGES.zipNeedsPlus4 || message === TAX_MESSAGES.plus4Unknown;

type Line = Exclude<keyof CheckoutAddress, 'firstname' | 'lastname'>;
type NamePart = 'firstname' | 'lastname';

/**
 * The address form of spec §5: the placeholders are the field names, errors under each field; the
 * state a select of the states the shop ships to. The checkout and the account's address book.
 */
export function AddressFields({
  idPrefix,
  title,
  value,
  errors,
  onChange,
  section,
  withName = false,
}: Props) {
  const nameField = (name: NamePart) => ({
    id: `${idPrefix}-${name}`,
    label: RECIPIENT_LABELS[name],
    placeholder: RECIPIENT_LABELS[name],
    value: value[name] ?? '',
    error: errors[name],
    onChange: (next: string) => onChange({ ...value, [name]: next }, name),
  });
  const field = (name: Line) => ({
    id: `${idPrefix}-${name}`,
    label: ADDRESS_LABELS[name],
    placeholder: ADDRESS_LABELS[name],
    value: value[name],
    error: errors[name],
    onChange: (next: string) => onChange({ ...value, [name]: next }, name),
  });
  return (
    <fieldset className="address-fields">
      <legend className={title ? undefined : 'visually-hidden'}>{title ?? 'Address'}</legend>
      {withName && (
        <div className="field-row">
          <TextField {...nameField('firstname')} autoComplete={`${section} given-name`} required />
          <TextField {...nameField('lastname')} autoComplete={`${section} family-name`} required />
        </div>
      )}
      <TextField {...field('line1')} autoComplete={`${section} address-line1`} required />
      <TextField {...field('line2')} autoComplete={`${section} address-line2`} />
      <div className="field-row">
        <TextField {...field('city')} autoComplete={`${section} address-level2`} required />
        <StateSelect
          id={`${idPrefix}-state`}
          label={ADDRESS_LABELS.state}
          value={value.state}
          error={errors.state}
          autoComplete={`${section} address-level1`}
          onChange={(state) => onChange({ ...value, state }, 'state')}
        />
        <TextField
          {...field('zipcode')}
          className="field-zip"
          autoComplete={`${section} postal-code`}
          inputMode="numeric"
          maxLength={10}
          required
        />
      </div>
      {asksPlus4(errors.zipcode) && (
        <p className="hint" id={`${idPrefix}-zip4-help`}>
          {TAX_MESSAGES.zipNeedsPlus4Why}{' '}
          <a href={USPS_ZIP_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
            {TAX_MESSAGES.uspsLinkText}
          </a>
          .
        </p>
      )}
    </fieldset>
  );
}
