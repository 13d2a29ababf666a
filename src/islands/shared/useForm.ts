import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { z } from 'zod';
import { authFieldMessages } from '../../../core/auth/model';

export type FieldErrors = Record<string, string>;

/** Where a form stands: being filled in, sent and waiting, done, or refused with a sentence. */
export type FormStatus =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'done' }
  | { kind: 'failed'; text: string; detail?: string | undefined };

/** Moves focus to the first field of `order` that has a message, so the shopper lands on it. */
export function focusFirstError(
  form: HTMLFormElement | null,
  errors: FieldErrors,
  order: readonly string[],
  nameOf: (field: string) => string = (field) => field,
): void {
  const first = order.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLElement>(`[name="${nameOf(first)}"]`)?.focus();
}

/**
 * The status, field messages and submit rules the account and download forms share. `fields` is
 * the order of the form's fields: the first one with a message gets the focus (`nameOf` gives its
 * input's name when that is not the field's).
 *
 * A submit calls `check` (or `checkAsync`) with the form's shared zod schema: it marks the form as
 * sending and gives the parsed data, or nothing once the messages show under the fields. The server's answer then ends in `done`,
 * `fail` (a sentence, and the server's field messages if any) or `setStatus`.
 */
export function useForm(fields: readonly string[], nameOf?: (field: string) => string) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>({ kind: 'editing' });

  function showErrors(found: FieldErrors) {
    setErrors(found);
    focusFirstError(form.current, found, fields, nameOf);
  }

  /** Shows a failed parse's messages under the fields, or clears them; gives the data if any. */
  function settle<Output>(checked: z.ZodSafeParseResult<Output>): Output | undefined {
    if (checked.success) {
      setErrors({});
      return checked.data;
    }
    showErrors(authFieldMessages(checked.error));
    setStatus({ kind: 'editing' });
    return undefined;
  }

  /** A synchronous schema's check: the data (the form is now sending), or nothing. */
  function check<Schema extends z.ZodType>(
    schema: Schema,
    values: unknown,
  ): z.output<Schema> | undefined {
    setStatus({ kind: 'sending' });
    return settle(schema.safeParse(values));
  }

  /** A schema with an async rule (the password strength): no second submit while it runs. */
  function checkAsync<Schema extends z.ZodType>(
    schema: Schema,
    values: unknown,
  ): Promise<z.output<Schema> | undefined> {
    setStatus({ kind: 'sending' });
    return schema.safeParseAsync(values).then(settle);
  }

  return {
    form,
    errors,
    status,
    sending: status.kind === 'sending',
    setStatus,
    setErrors,
    check,
    checkAsync,
    /** The server's field messages, shown and focused. */
    showErrors,
    done: () => setStatus({ kind: 'done' }),
    fail: (text: string, detail?: string) => setStatus({ kind: 'failed', text, detail }),
  };
}

/** `set('email')(value)`: a change handler for one field of a form's values. */
export function fieldSetter<T>(setValues: Dispatch<SetStateAction<T>>) {
  return <K extends keyof T>(field: K) =>
    (value: T[K]) =>
      setValues((current) => ({ ...current, [field]: value }));
}

/** What ties a Field to a form's values and messages. */
export interface BoundField {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * `bind('email')`: what ties a Field to the form's values and messages (its id, name, value,
 * message and change handler), so each Field names only its label and input attributes.
 */
export function fieldBinder<T>(
  values: T,
  setValues: Dispatch<SetStateAction<T>>,
  errors: FieldErrors,
  idOf: (name: string) => string,
) {
  const set = fieldSetter(setValues);
  return <K extends TextKeys<T>>(name: K): BoundField => ({
    id: idOf(name),
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: set(name) as (value: string) => void,
  });
}
