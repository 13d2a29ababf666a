import { z } from 'zod';

/**
 * The address and person-details rules of spec §5, shared by the API and the checkout forms. Every
 * message here is the spec's text, word for word, or the '{field} is required' pattern it gives.
 */

/** All US states plus DC, except AK and HI (spec §9: 49 allowed states). */
export const ALLOWED_STATES = [
  'AL', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI',
  'WY',
] as const; // prettier-ignore
export type AllowedState = (typeof ALLOWED_STATES)[number];

export const ADDRESS_MESSAGES = {
  characters: 'Only numbers, spaces or alphabet characters are allowed',
  city: 'Only numbers, spaces, apostrophes or alphabet characters are allowed',
  state: "Please enter state postal abbreviation. Sorry, we can't sell to AK or HI at this time",
  zipcode: 'Please enter zip or zip + 4 format',
} as const;

export const PERSON_MESSAGES = {
  name: 'Unable to parse name',
  email: 'Valid email is required',
} as const;

/** The field names the forms show, used in '{field} is required' and as placeholders. */
export const ADDRESS_LABELS = {
  line1: 'Address Line 1',
  line2: 'Address Line 2',
  city: 'City',
  state: 'State',
  zipcode: 'ZIP Code',
} as const;

export const PERSON_LABELS = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
} as const;

export const requiredMessage = (field: string) => `${field} is required`;

/** A string field that is required: missing or blank gives '{field} is required'. */
function requiredText(label: string) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label));
}

const ADDRESS_LINE = /^[A-Za-z0-9_ ]+$/;
const CITY = /^[A-Za-z0-9' ]+$/;
const ZIPCODE = /^\d{5}(-\d{4})?$/;
const NAME = /^[A-Za-z0-9_\s-]+$/;

const allowedStates = new Set<string>(ALLOWED_STATES);

export const addressSchema = z.object({
  line1: requiredText(ADDRESS_LABELS.line1).regex(ADDRESS_LINE, ADDRESS_MESSAGES.characters),
  line2: z
    .string()
    .trim()
    .refine((value) => value === '' || ADDRESS_LINE.test(value), ADDRESS_MESSAGES.characters)
    .optional()
    .transform((value) => value ?? ''),
  city: requiredText(ADDRESS_LABELS.city).regex(CITY, ADDRESS_MESSAGES.city),
  state: requiredText(ADDRESS_LABELS.state)
    .transform((value) => value.toUpperCase())
    .refine((value) => allowedStates.has(value), ADDRESS_MESSAGES.state),
  zipcode: requiredText(ADDRESS_LABELS.zipcode).regex(ZIPCODE, ADDRESS_MESSAGES.zipcode),
});
/** A valid address, as the order stores it. */
export type Address = z.output<typeof addressSchema>;
/** An address as a form holds it (every field a string). */
export type AddressInput = z.input<typeof addressSchema>;

export const personDetailsSchema = z.object({
  firstname: requiredText(PERSON_LABELS.firstname).regex(NAME, PERSON_MESSAGES.name),
  lastname: requiredText(PERSON_LABELS.lastname).regex(NAME, PERSON_MESSAGES.name),
  email: requiredText(PERSON_LABELS.email).pipe(z.email(PERSON_MESSAGES.email)),
});
export type PersonDetails = z.output<typeof personDetailsSchema>;

export const emptyAddress = (): Address => ({
  line1: '',
  line2: '',
  city: '',
  state: '',
  zipcode: '',
});

/**
 * The first message per field of a failed parse, keyed by the field's path ('state',
 * 'shippingAddress.state'), for showing under each field.
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}
