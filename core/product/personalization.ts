/**
 * Personalized items (issue 40; DECISIONS "Personalized items"): the fields a product asks for, the
 * one rule that checks what a shopper typed, and what the order keeps. The product editor, the
 * product page, the cart and the order all use this module, so a text the page accepts is a text
 * the server accepts, with the same sentence when it does not.
 *
 * A personalized product stays of its kind (`goods`: stocked, shipped, taxed); what makes it
 * personalized is its `personalization` settings, and what makes a line personalized is its text.
 */
import { z } from 'zod';
import { isPlainText } from '../plain-text';
import type { PersonalizedText } from './personalized-text';
import {
  MAX_FIELDS,
  MONOGRAM_LENGTH,
  type PersonalizationField,
  type PersonalizationSettings,
} from './personalization-settings';

export * from './personalization-settings';
export {
  personalizationKey,
  personalizedLine,
  shownValue,
  type PersonalizedText,
} from './personalized-text';

/** What a shopper typed, by field key (a cart line's `personalization`). */
export type PersonalizationValues = Record<string, string>;

/** A line's texts as the cart keeps and sends them; the server reads keys and values only. */
export const personalizationInputSchema = z
  .array(
    z.object({
      key: z.string().max(30),
      label: z.string().max(60).optional(),
      value: z.string().max(200),
    }),
  )
  .max(MAX_FIELDS);
export type PersonalizationInput = z.input<typeof personalizationInputSchema>;

/** A line's texts by field key (what the check reads). */
export function valuesOf(texts: readonly Pick<PersonalizedText, 'key' | 'value'>[] | undefined) {
  return Object.fromEntries((texts ?? []).map((text) => [text.key, text.value]));
}

/** A field's value as kept: trimmed, a monogram in capitals. */
export function normalizeValue(field: Pick<PersonalizationField, 'kind'>, value: string): string {
  const trimmed = value.trim();
  return field.kind === 'monogram' ? trimmed.toUpperCase() : trimmed;
}

/** The longest a field's value may be. */
export function fieldMaxLength(field: Pick<PersonalizationField, 'kind' | 'maxLength'>): number {
  if (field.kind === 'monogram') return MONOGRAM_LENGTH;
  if (field.kind === 'date') return 10;
  return field.maxLength;
}

/** The characters a field takes, in words: "letters, digits, spaces and & . ' -". */
export function allowedCharactersText(
  field: Pick<PersonalizationField, 'letters' | 'digits' | 'spaces' | 'symbols'>,
): string {
  const parts = [
    field.letters ? 'letters' : '',
    field.digits ? 'digits' : '',
    field.spaces ? 'spaces' : '',
    field.symbols ? field.symbols.split('').join(' ') : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
}

/** The sentences a shopper's text is refused with, naming the field (the spec's style). */
export const PERSONALIZATION_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, most: number) => `${label} can be at most ${most} characters`,
  characters: (label: string, allowed: string) => `${label} can only contain ${allowed}`,
  monogram: (label: string) => `${label} must be 1 to 3 letters`,
  date: (label: string) => `${label} must be a date (MM/DD/YYYY)`,
  unknownField: 'This item has no such personalization. Please review your cart.',
} as const;

const P = PERSONALIZATION_MESSAGES;

function escapeForClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, (char) => `\\${char}`);
}

/** Whether every character of the value is one the field allows. */
function charactersAllowed(field: PersonalizationField, value: string): boolean {
  const classes = [
    field.letters ? '\\p{L}\\p{M}' : '',
    field.digits ? '0-9' : '',
    field.spaces ? ' ' : '',
    escapeForClass(field.symbols),
  ].join('');
  if (classes === '') return value === '';
  return new RegExp(`^[${classes}]*$`, 'u').test(value);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the value is a real calendar date written YYYY-MM-DD (what a date input gives). */
function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2200 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Why one field's (normalized) value is refused, or null when it is fine. */
export function fieldError(field: PersonalizationField, value: string): string | null {
  if (value === '') return field.required ? P.required(field.label) : null;
  // The one control-character rule (core/plain-text.ts), before the product's own characters.
  if (!isPlainText(value)) return P.characters(field.label, allowedCharactersText(field));
  if (field.kind === 'monogram') {
    return /^\p{L}{1,3}$/u.test(value) ? null : P.monogram(field.label);
  }
  if (field.kind === 'date') return isCalendarDate(value) ? null : P.date(field.label);
  const most = fieldMaxLength(field);
  if ([...value].length > most) return P.tooLong(field.label, most);
  if (!charactersAllowed(field, value)) {
    return P.characters(field.label, allowedCharactersText(field));
  }
  return null;
}

export type PersonalizationCheck =
  | {
      ok: true;
      /** The filled fields, in the product's order, with their labels. */
      texts: PersonalizedText[];
      /** What the filled fields add to one unit's price, in cents. */
      addOnCents: number;
    }
  | { ok: false; key: string; message: string; errors: Record<string, string> };

/**
 * Checks what a shopper typed against the product's fields: every field's sentence (the page shows
 * each under its field; the server answers with the first), or the texts and the add-on price.
 */
export function checkPersonalization(
  settings: Pick<PersonalizationSettings, 'fields'>,
  values: PersonalizationValues | undefined,
): PersonalizationCheck {
  const sent = values ?? {};
  const known = new Set(settings.fields.map((field) => field.key));
  const unknown = Object.keys(sent).find((key) => !known.has(key));
  if (unknown !== undefined) {
    return {
      ok: false,
      key: unknown,
      message: P.unknownField,
      errors: { [unknown]: P.unknownField },
    };
  }
  const errors: Record<string, string> = {};
  const texts: PersonalizedText[] = [];
  let addOnCents = 0;
  for (const field of settings.fields) {
    const value = normalizeValue(field, sent[field.key] ?? '');
    const error = fieldError(field, value);
    if (error) errors[field.key] = error;
    else if (value !== '') {
      texts.push({ key: field.key, label: field.label, value });
      addOnCents += field.priceCents;
    }
  }
  const first = Object.keys(errors)[0];
  if (first !== undefined) return { ok: false, key: first, message: errors[first]!, errors };
  return { ok: true, texts, addOnCents };
}

/** The product page's notice before Add to cart (return policy and DECISIONS). */
export const PERSONALIZED_POLICY =
  'Personalized items cannot be returned. You can cancel the order while it is unfulfilled.';
