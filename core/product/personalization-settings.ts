/**
 * A personalized product's settings (issue 40): the fields it asks for, where the preview writes
 * the text, the lead time, and the one schema the product editor and the product API check them
 * with. What a shopper typed is checked in core/product/personalization.ts, which re-exports this.
 */
import { z } from 'zod';
import { isPlainText } from '../plain-text';

export const PERSONALIZATION_KINDS = ['text', 'monogram', 'date'] as const;
export type PersonalizationKind = (typeof PERSONALIZATION_KINDS)[number];

/** What each kind is called in the editor. */
export const PERSONALIZATION_KIND_LABELS: Record<PersonalizationKind, string> = {
  text: 'Free text',
  monogram: 'Monogram (1–3 letters)',
  date: 'Date',
};

/** The punctuation a field takes unless the owner says otherwise. */
export const DEFAULT_SYMBOLS = "&.'-";
/** The punctuation an owner may allow (never a character an engraver or an email chokes on). */
export const ALLOWED_SYMBOLS = "&.'-,!?/#+:()";
/** The longest free text an owner may allow. */
export const MAX_TEXT_LENGTH = 60;
export const MONOGRAM_LENGTH = 3;
export const MAX_FIELDS = 4;
export const MAX_LEAD_TIME_DAYS = 60;

export const PREVIEW_FONTS = ['serif', 'sans-serif', 'script', 'monospace'] as const;
export type PreviewFont = (typeof PREVIEW_FONTS)[number];

/** The sentences the editor's form and the product API answer with. */
export const PERSONALIZATION_SETTINGS_MESSAGES = {
  key: 'Each field needs a key of lowercase letters, digits or _, starting with a letter.',
  keysDiffer: 'Each field needs its own key.',
  label: 'Enter a label of 1 to 60 characters, without control characters.',
  maxLength: `Enter a length from 1 to ${MAX_TEXT_LENGTH}.`,
  symbols: `Allowed punctuation can only be some of ${ALLOWED_SYMBOLS.split('').join(' ')}`,
  charset: 'Allow at least letters or digits.',
  price: 'Enter a price of $0 to $500.',
  fields: `Add 1 to ${MAX_FIELDS} fields.`,
  leadTime: `Enter a lead time of 0 to ${MAX_LEAD_TIME_DAYS} business days.`,
  placement: 'Enter the text placement in percent of the picture (0 to 100).',
  rotation: 'Enter a rotation from -180 to 180 degrees.',
  color: 'Enter the text color as #rrggbb.',
} as const;

const M = PERSONALIZATION_SETTINGS_MESSAGES;
const percent = z.number({ error: M.placement }).min(0, M.placement).max(100, M.placement);

export const personalizationFieldSchema = z.object({
  /** Names the field in a cart line and an order line; stays when the label is reworded. */
  key: z.string({ error: M.key }).regex(/^[a-z][a-z0-9_]{0,29}$/, M.key),
  label: z
    .string({ error: M.label })
    .trim()
    .min(1, M.label)
    .max(60, M.label)
    .refine((value) => isPlainText(value), M.label),
  kind: z.enum(PERSONALIZATION_KINDS),
  /** Free text: at most this many characters (a monogram takes 1 to 3, a date is a date). */
  maxLength: z.int({ error: M.maxLength }).min(1, M.maxLength).max(MAX_TEXT_LENGTH, M.maxLength),
  letters: z.boolean(),
  digits: z.boolean(),
  spaces: z.boolean(),
  /** Punctuation allowed besides letters, digits and spaces. */
  symbols: z
    .string({ error: M.symbols })
    .max(ALLOWED_SYMBOLS.length, M.symbols)
    .refine((value) => [...value].every((char) => ALLOWED_SYMBOLS.includes(char)), M.symbols),
  required: z.boolean(),
  /** Added to the unit price when the field is filled, in cents (the server's figure). */
  priceCents: z.int({ error: M.price }).min(0, M.price).max(50_000, M.price),
});
export type PersonalizationField = z.output<typeof personalizationFieldSchema>;

/** Where the preview writes the text on the product's first picture, in percent of the picture. */
export const previewPlacementSchema = z.object({
  /** The centre of the text block. */
  x: percent,
  y: percent,
  /** The widest the text may be. */
  width: percent,
  /** The font size, in percent of the picture's width. */
  size: z.number({ error: M.placement }).min(1, M.placement).max(30, M.placement),
  font: z.enum(PREVIEW_FONTS),
  color: z.string({ error: M.color }).regex(/^#[0-9a-fA-F]{6}$/, M.color),
  rotation: z.number({ error: M.rotation }).min(-180, M.rotation).max(180, M.rotation),
});
export type PreviewPlacement = z.output<typeof previewPlacementSchema>;

/** A product's personalization settings (products.personalization): the one schema. */
export const personalizationSettingsSchema = z
  .object({
    fields: z
      .array(personalizationFieldSchema, { error: M.fields })
      .min(1, M.fields)
      .max(MAX_FIELDS, M.fields),
    /** Business days the workshop needs before the item ships (issue 41 counts it). */
    leadTimeDays: z
      .int({ error: M.leadTime })
      .min(0, M.leadTime)
      .max(MAX_LEAD_TIME_DAYS, M.leadTime),
    preview: previewPlacementSchema,
  })
  .superRefine((settings, context) => {
    const keys = settings.fields.map((field) => field.key);
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) {
        context.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: M.keysDiffer });
      }
    });
    settings.fields.forEach((field, index) => {
      if (field.kind === 'text' && !field.letters && !field.digits) {
        context.addIssue({
          code: 'custom',
          path: ['fields', index, 'letters'],
          message: M.charset,
        });
      }
    });
  });
export type PersonalizationSettings = z.output<typeof personalizationSettingsSchema>;

/** A new field as the editor adds it: a name of up to 20 characters, the default characters. */
export function newPersonalizationField(key: string): PersonalizationField {
  return {
    key,
    label: 'Name',
    kind: 'text',
    maxLength: 20,
    letters: true,
    digits: true,
    spaces: true,
    symbols: DEFAULT_SYMBOLS,
    required: true,
    priceCents: 0,
  };
}

export const DEFAULT_PREVIEW: PreviewPlacement = {
  x: 50,
  y: 50,
  width: 40,
  size: 6,
  font: 'serif',
  color: '#222222',
  rotation: 0,
};
