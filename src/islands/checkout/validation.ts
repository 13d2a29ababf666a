import type { z } from 'zod';
import { ADDRESS_LABELS, fieldMessages, type Address } from '../../../core/address/model';
import { getJson, postJson } from '../shared/api';

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

/**
 * The server's half of the address check (its schema knows every ZIP code: one that does not exist
 * or lies in another state is refused there), and, for the address the tax follows (`taxed`), a
 * Washington ZIP that needs its +4. Call it once the form's own check has passed; it
 * gives the messages to show under the fields, none when the address is fine. When the server
 * cannot be asked or answers without field messages, it gives none: the order's quote and
 * confirmation check the address again.
 */
export async function serverAddressErrors(
  address: Address,
  { taxed = true }: { taxed?: boolean } = {},
): Promise<Record<string, string>> {
  const result = await postJson<unknown>('/address/check', address);
  if (!result.ok) {
    const fields = Object.entries(result.fields ?? {}).filter(([name]) => name in ADDRESS_LABELS);
    return Object.fromEntries(fields);
  }
  return taxed ? plus4Errors(address) : {};
}

/**
 * The address the tax follows, in Washington: whether its ZIP spans location codes and so needs
 * its +4 (issue 28), asked before the order so the form says so under the ZIP field.
 */
async function plus4Errors(address: Address): Promise<Record<string, string>> {
  if (address.state !== 'WA') return {};
  const zip = encodeURIComponent(address.zipcode);
  const answer = await getJson<{ needsPlus4: boolean; message?: string }>(
    `/tax/zip-needs-plus4?zip=${zip}`,
  );
  return answer.ok && answer.data.needsPlus4 && answer.data.message
    ? { zipcode: answer.data.message }
    : {};
}

/** Moves focus to the first field with a message, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, framesLeft = 10): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) invalid.focus();
  // React may not have rendered the messages yet (a busy phone): look again next frame.
  else if (form && framesLeft > 0) {
    requestAnimationFrame(() => focusFirstError(form, framesLeft - 1));
  }
}
