import { z } from 'zod';
import { zipDirectory } from '#zip-directory';

/**
 * The address and person-details rules of spec §5, shared by the API, the checkout forms and the
 * account's address book, read as DECISIONS "Real names and addresses" says: names also take
 * apostrophes, full stops and accented letters, address lines also `. , # ' - /`, no field takes a
 * line break or any other control character, and each field has a length limit. The spec's
 * messages are word for word; the others ('{field} is required', the limits, the city, the ZIP
 * in another state) are ours.
 *
 * On the server the schema also checks that a ZIP code exists and lies in the state (see
 * `zip-directory.ts`); in the browser that check is left to the server, whose message the form
 * shows under the ZIP field. To add fields to an address keep the check: `addressSchema.safeExtend`.
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
  city: 'Only letters, numbers, spaces, apostrophes, full stops or hyphens are allowed',
  state: "Please enter state postal abbreviation. Sorry, we can't sell to AK or HI at this time",
  zipcode: 'Please enter zip or zip + 4 format',
  zipInOtherState: 'This ZIP code is in another state. Please check the state and the ZIP code.',
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

/** DECISIONS: names at most 50 characters, address lines 100, emails 254 (RFC 5321's path). */
export const FIELD_LIMITS = { name: 50, addressLine: 100, email: 254 } as const;

export const requiredMessage = (field: string) => `${field} is required`;
export const tooLongMessage = (field: string, limit: number) =>
  `${field} can be at most ${limit} characters long.`;

/**
 * A string field that is required: missing or blank gives '{field} is required'. Spaces and line
 * breaks around the value are trimmed; inside it the character rules refuse every line break.
 */
function requiredText(label: string, limit?: number) {
  const text = z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label));
  return limit === undefined ? text : text.max(limit, tooLongMessage(label, limit));
}

/*
 * The only space is U+0020: every pattern refuses line breaks (\n, \r, U+2028, U+2029), tabs and
 * every other control or format character. Letters are any script's, with combining accents
 * (\p{M}), so "José" passes typed either way. ’ is the apostrophe phone keyboards type.
 */
const NAME = /^[\p{L}\p{M}0-9_ '’.-]+$/u;
const ADDRESS_LINE = /^[\p{L}\p{M}0-9_ .,#'’/-]+$/u;
const CITY = /^[\p{L}\p{M}0-9 '’.-]+$/u;
const ZIPCODE = /^\d{5}(-\d{4})?$/;

const allowedStates = new Set<string>(ALLOWED_STATES);

/** Where the server knows ZIP codes: a ZIP that does not exist, or lies in another state, fails. */
function zipMatchesState(
  address: { state: string; zipcode: string },
  context: z.RefinementCtx,
): void {
  if (!zipDirectory || !allowedStates.has(address.state) || !ZIPCODE.test(address.zipcode)) return;
  const zipState = zipDirectory.stateOf(address.zipcode.slice(0, 5));
  if (zipState === address.state) return;
  context.addIssue({
    code: 'custom',
    path: ['zipcode'],
    message: zipState ? ADDRESS_MESSAGES.zipInOtherState : ADDRESS_MESSAGES.zipcode,
  });
}

export const addressSchema = z
  .object({
    line1: requiredText(ADDRESS_LABELS.line1, FIELD_LIMITS.addressLine).regex(
      ADDRESS_LINE,
      ADDRESS_MESSAGES.characters,
    ),
    line2: z
      .string()
      .trim()
      .max(FIELD_LIMITS.addressLine, tooLongMessage(ADDRESS_LABELS.line2, FIELD_LIMITS.addressLine))
      .refine((value) => value === '' || ADDRESS_LINE.test(value), ADDRESS_MESSAGES.characters)
      .optional()
      .transform((value) => value ?? ''),
    city: requiredText(ADDRESS_LABELS.city, FIELD_LIMITS.addressLine).regex(
      CITY,
      ADDRESS_MESSAGES.city,
    ),
    state: requiredText(ADDRESS_LABELS.state)
      .transform((value) => value.toUpperCase())
      .refine((value) => allowedStates.has(value), ADDRESS_MESSAGES.state),
    zipcode: requiredText(ADDRESS_LABELS.zipcode).regex(ZIPCODE, ADDRESS_MESSAGES.zipcode),
  })
  .superRefine(zipMatchesState);
/** A valid address, as the order stores it. */
export type Address = z.output<typeof addressSchema>;
/** An address as a form holds it (every field a string). */
export type AddressInput = z.input<typeof addressSchema>;

export const personDetailsSchema = z.object({
  firstname: requiredText(PERSON_LABELS.firstname, FIELD_LIMITS.name).regex(
    NAME,
    PERSON_MESSAGES.name,
  ),
  lastname: requiredText(PERSON_LABELS.lastname, FIELD_LIMITS.name).regex(
    NAME,
    PERSON_MESSAGES.name,
  ),
  email: requiredText(PERSON_LABELS.email, FIELD_LIMITS.email).pipe(z.email(PERSON_MESSAGES.email)),
});
export type PersonDetails = z.output<typeof personDetailsSchema>;

/**
 * Whom a parcel is for (issue 26): the person-details name rules and messages. A shipping address
 * carries it; the checkout fills in the buyer's name, which the shopper may change.
 */
/**
 * The recipient's name fields' labels: not "First name" / "Last name", which the guest's contact
 * fields on the same step carry (the messages are the person-details ones all the same).
 */
export const RECIPIENT_LABELS = {
  firstname: 'Recipient’s given name',
  lastname: 'Recipient’s family name',
} as const;

export const recipientNameSchema = personDetailsSchema.pick({ firstname: true, lastname: true });
export type RecipientName = z.output<typeof recipientNameSchema>;

/** A shipping address with its recipient's name, as the checkout's and address book's forms send it. */
export const shippingAddressSchema = addressSchema.safeExtend(recipientNameSchema.shape);
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
/** A shipping address as a form holds it (every field a string). */
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/**
 * A shipping address whose name may be left out (older clients, scripts): the order then takes
 * the buyer's name (api/modules/orders). A name that is sent follows the same rules.
 */
export const shippingAddressMaybeNamedSchema = addressSchema.safeExtend(
  recipientNameSchema.partial().shape,
);

export const emptyAddress = (): Address => ({
  line1: '',
  line2: '',
  city: '',
  state: '',
  zipcode: '',
});

/** An empty address with its recipient's name, as a form starts it. */
export const emptyNamedAddress = () => ({ firstname: '', lastname: '', ...emptyAddress() });

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
