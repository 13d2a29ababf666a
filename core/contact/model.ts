import * as z from 'zod/mini';

/**
 * The contact form's payload (spec §5 Contact, §7 POST /contact/contact). One schema for the API
 * and the form in the browser, so keep this file free of server imports. Written with zod/mini,
 * whose functions bundle one by one: the form ships a few kilobytes of it rather than all of zod.
 */

/** The subjects the form offers (spec §2 Contact). */
export const CONTACT_SUBJECTS = [
  'Return an item',
  'Problem with order',
  'Issue with website',
  'Product idea',
  'Other',
] as const;

export const CONTACT_TEXT_MAX = 256;
/** DECISIONS "Real names and addresses": emails at most 254 characters (RFC 5321's path). */
export const CONTACT_EMAIL_MAX = 254;
export const ORDER_NUMBER_MAX = 64;

/** Letters, digits and spaces (spec: the subject). */
const SUBJECT_PATTERN = /^[\p{L}\p{N} ]+$/u;
/**
 * Letters, digits, whitespace and limited punctuation (spec: the message). Typographic quotes and
 * dashes are allowed because phone keyboards type them for ' " and -.
 */
const MESSAGE_PATTERN = /^[\p{L}\p{N}\s.,!?'"’‘“”:;()&@#$%/+\-–—]+$/u;
const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;

export const CONTACT_FIELD_MESSAGES = {
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: `The email address can be at most ${CONTACT_EMAIL_MAX} characters long.`,
  subjectRequired: 'Please choose a subject.',
  subjectInvalid: 'The subject can only contain letters, numbers and spaces.',
  subjectTooLong: `The subject can be at most ${CONTACT_TEXT_MAX} characters long.`,
  messageRequired: 'Please write a message.',
  messageInvalid:
    'The message can only contain letters, numbers, spaces and simple punctuation ( . , ! ? \' " : ; ( ) & @ # $ % / + - ).',
  messageTooLong: `The message can be at most ${CONTACT_TEXT_MAX} characters long.`,
  /** Under the optional email field of a guest's form (DECISIONS "Contact email"). */
  emailOptional: 'Optional. Without an email address we cannot answer your message.',
  orderNumberInvalid: 'The order number can only contain letters, numbers and dashes.',
  orderNumberTooLong: `The order number can be at most ${ORDER_NUMBER_MAX} characters long.`,
} as const;

const m = CONTACT_FIELD_MESSAGES;

const trimmed = (error: string) => z.string({ error }).check(z.trim());

/**
 * The sender's email (DECISIONS "Contact email"): optional for a guest, as the spec says; blank
 * counts as none. When given it must be a valid address.
 */
const contactEmail = z.optional(
  z.pipe(
    trimmed(m.emailInvalid).check(
      z.maxLength(CONTACT_EMAIL_MAX, { error: m.emailTooLong }),
      z.refine((value) => value === '' || z.email().safeParse(value).success, {
        error: m.emailInvalid,
      }),
    ),
    z.transform((value: string) => value || undefined),
  ),
);

const contactFields = {
  subject: trimmed(m.subjectRequired).check(
    z.minLength(1, { error: m.subjectRequired }),
    z.maxLength(CONTACT_TEXT_MAX, { error: m.subjectTooLong }),
    z.regex(SUBJECT_PATTERN, { error: m.subjectInvalid }),
  ),
  message: trimmed(m.messageRequired).check(
    z.minLength(1, { error: m.messageRequired }),
    z.maxLength(CONTACT_TEXT_MAX, { error: m.messageTooLong }),
    z.regex(MESSAGE_PATTERN, { error: m.messageInvalid }),
  ),
  /** The form sends it only when non-empty after trimming (spec §5); blank counts as none. */
  orderNumber: z.optional(
    z.pipe(
      trimmed(m.orderNumberInvalid).check(
        z.maxLength(ORDER_NUMBER_MAX, { error: m.orderNumberTooLong }),
        z.refine((value) => value === '' || ORDER_NUMBER_PATTERN.test(value), {
          error: m.orderNumberInvalid,
        }),
      ),
      z.transform((value: string) => value || undefined),
    ),
  ),
};

/**
 * What POST /contact/contact accepts, and what the form checks: the email may be left out. A
 * signed-in shopper's form hides it (spec §3 Contact message) and the server takes the account's
 * address; a guest may leave it out too, and is told that the shop then cannot answer.
 */
export const contactRequest = z.object({ email: contactEmail, ...contactFields });
/** The same schema under the name the form has always used. */
export const contactMessage = contactRequest;
export type ContactRequest = z.infer<typeof contactRequest>;

export type ContactMessage = z.infer<typeof contactMessage>;
export type ContactField = keyof ContactMessage;

/** What the form holds: every field a string, the order number possibly blank. */
export interface ContactFormValues {
  email: string;
  subject: string;
  message: string;
  orderNumber: string;
}

/**
 * The request body for the form's values: the order number trimmed and left out when empty
 * (spec §5), and the account's email in place of the hidden field for a logged-in shopper.
 */
export function contactPayload(
  values: ContactFormValues,
  accountEmail?: string | null,
): Record<string, string> {
  const payload: Record<string, string> = { subject: values.subject, message: values.message };
  const email = (accountEmail ?? values.email).trim();
  if (email) payload.email = email;
  const orderNumber = values.orderNumber.trim();
  if (orderNumber) payload.orderNumber = orderNumber;
  return payload;
}

/** The first message for each field that failed (spec §5: shown under the field). */
export function firstErrorPerField(error: z.core.$ZodError): Partial<Record<ContactField, string>> {
  const fields: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in fields)) {
      fields[field as ContactField] = issue.message;
    }
  }
  return fields;
}

/** How many messages one email address or one network address may send in a window. */
export const CONTACT_RATE_LIMIT = { messages: 5, minutes: 15 } as const;

/** The answer to one message too many (a 429): what happened and what to do. */
export const CONTACT_TOO_MANY_MESSAGES = `You have sent several messages in a short time. Please wait ${CONTACT_RATE_LIMIT.minutes} minutes, then send your message again.`;
