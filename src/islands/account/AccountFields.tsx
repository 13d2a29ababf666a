import type { InputHTMLAttributes } from 'react';
import { PASSWORD_LIMITS } from '../../../core/auth/model';
import { loadPasswordEstimator } from '../../../core/auth/password-strength';
import { Field } from '../shared/Field';
import type { BoundField } from '../shared/useForm';

/** The strength check's dictionaries start loading when the shopper reaches the new password. */
const preloadPasswordCheck = () => void loadPasswordEstimator().catch(() => undefined);

/** First and last name, as the register and profile forms ask for them. */
export function NameFields({ bind }: { bind: (name: 'firstname' | 'lastname') => BoundField }) {
  return (
    <>
      <Field {...bind('firstname')} label="First name" autoComplete="given-name" required />
      <Field {...bind('lastname')} label="Last name" autoComplete="family-name" required />
    </>
  );
}

type PasswordProps = BoundField &
  Omit<InputHTMLAttributes<HTMLInputElement>, keyof BoundField> & {
    label: string;
    /** Whether the input carries the length limits (the browser's own check). */
    limits?: boolean;
  };

/** A new password (register, reset, change): its length hint, and the strength check preloaded. */
export function NewPasswordField({ limits = false, ...field }: PasswordProps) {
  return (
    <Field
      type="password"
      autoComplete="new-password"
      required
      {...(limits ? { minLength: PASSWORD_LIMITS.newMin, maxLength: PASSWORD_LIMITS.newMax } : {})}
      hint={`${PASSWORD_LIMITS.newMin} to ${PASSWORD_LIMITS.newMax} characters.`}
      onFocus={preloadPasswordCheck}
      {...field}
    />
  );
}

/** The new password's confirmation. */
export function ConfirmPasswordField(
  field: BoundField &
    Omit<InputHTMLAttributes<HTMLInputElement>, keyof BoundField> & {
      label: string;
    },
) {
  return <Field type="password" autoComplete="new-password" required {...field} />;
}
