import { STATE_OPTIONS } from '../../../core/address/states';
import { FieldFrame } from './Field';

interface Props {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  autoComplete: string;
  onChange(value: string): void;
}

/**
 * The state of an address (issue 24 point 8): a select of the 49 states the shop ships to, each
 * valued by its two-letter code, so nothing typed is ever cut short or misread. A value that is not
 * one of them (an old stored address in AK) shows as chosen nowhere, and the schema's message
 * (the spec's, for AK and HI) says why under the field.
 */
export function StateSelect({ id, label, value, error, autoComplete, onChange }: Props) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      classes={{ field: 'field field-state', hint: 'hint', error: 'field-error' }}
    >
      {(aria) => (
        <select
          id={id}
          name={id}
          value={value}
          autoComplete={autoComplete}
          required
          onChange={(event) => onChange(event.target.value)}
          {...aria}
        >
          <option value="">Choose a state</option>
          {STATE_OPTIONS.map((state) => (
            <option key={state.value} value={state.value}>
              {state.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
