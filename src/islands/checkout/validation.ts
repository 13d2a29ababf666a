import type { z } from 'zod';
import { fieldMessages } from '../../../api/modules/address/model';

/** Parses with a shared schema; on failure, the first message per field, for under each field. */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldMessages(result.error) };
}

/** Moves focus to the first field with a message, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  invalid?.focus();
}
