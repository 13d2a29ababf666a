import { z } from 'zod';
import { FIELD_LIMITS, personDetailsSchema } from '../address/model';
import type { UserDto } from '../user/model';
import { isGuessablePassword, type PasswordContext } from './password-strength';

export type { UserDto };

/**
 * The account forms' payloads (spec §5 Login, Register, Change password, Reset password, Forgot
 * password, Verify email; §7 the `/auth/*` calls), read as DECISIONS "Passwords" says. One schema
 * per payload for the API and the form in the browser, so keep this file free of server imports.
 *
 * A form with a confirmation field has two schemas: `…Form` (what the page checks before submit,
 * confirmation included) and `…Body` (what the page sends and the API validates). A form schema
 * also checks that the new password is not easy to guess (`password-strength.ts`, zxcvbn with the
 * shop's name and the email): that check loads its dictionaries on first use, so a form parses
 * with `safeParseAsync`. The server always checks again, and also refuses the 10,000 most common
 * passwords (`api/lib/passwords.ts`); both messages arrive as the API's `fields.password` /
 * `fields.newPassword`.
 */

/** DECISIONS "Passwords": signing in needs the spec's 6 characters; a new password 8 to 128. */
export const PASSWORD_LIMITS = { signInMin: 6, newMin: 8, newMax: 128, signInMax: 1024 } as const;

export const AUTH_MESSAGES = {
  // spec §5 Login
  username: 'Username should be an email address',
  loginPassword: 'Password must be at least 6 characters long',
  // spec §8 Login: the server's answers a page maps to its texts
  invalidCredentials: 'Invalid username or password',
  emailNotVerified: 'Email not verified',
  // spec §5 Register
  fillAllFields: 'Please fill out all fields',
  registerPasswordsDiffer: "Passwords don't match, please reenter",
  acceptPolicy: 'You must accept the Privacy Policy, Terms of Use, and Return Policy to register.',
  // spec §5 Change password / Reset password
  passwordsDoNotMatch: 'Passwords do not match.',
  invalidResetLink: 'Invalid or missing reset link.',
  // ours
  email: 'Please enter a valid email address.',
  emailTooLong: `An email address can be at most ${FIELD_LIMITS.email} characters long.`,
  oldPasswordRequired: 'Please enter your current password.',
  wrongOldPassword: 'Your current password is not correct.',
  resetLinkExpired:
    'This password reset link is invalid, expired or already used. Please ask for a new one.',
  verifyLinkExpired:
    'This verification link is invalid, expired or already used. Please ask for a new one.',
  registered: 'Thanks for registering! Please check your email to verify your address.',
  verified: 'Your email address is verified. You can now log in.',
  verificationSent: 'If that address has an account waiting for verification, we sent a new link.',
  resetSent: 'A password reset link has been sent to your email.',
  passwordReset: 'Your password was changed. Please log in.',
  passwordChanged: 'Password updated successfully!',
  loggedOut: 'You are logged out.',
  sessionEnded: 'Your session has ended. Please log in again.',
} as const;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_LIMITS.newMin} characters long.`,
  tooLong: `Password can be at most ${PASSWORD_LIMITS.newMax} characters long.`,
  /** spec §5 Change password's message, with DECISIONS' minimum of 8. */
  newTooShort: `New password must be at least ${PASSWORD_LIMITS.newMin} characters long.`,
  newTooLong: `New password can be at most ${PASSWORD_LIMITS.newMax} characters long.`,
  common: 'This password is one of the most common ones. Please choose another one.',
  weak: 'This password is too easy to guess. Please choose another one.',
} as const;

const m = AUTH_MESSAGES;

/** An email address, trimmed and lower-cased (accounts are one per address, in any case). */
export const emailField = (message: string = m.email) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(FIELD_LIMITS.email, m.emailTooLong)
    .pipe(z.email(message))
    .transform((value) => value.toLowerCase());

/**
 * A new password (register, change, reset): 8 to 128 characters, not trimmed (spaces count).
 * The forms also check it is not easy to guess (`strongPassword`); the server checks both.
 */
export const newPasswordField = (
  tooShort: string = PASSWORD_MESSAGES.tooShort,
  tooLong: string = PASSWORD_MESSAGES.tooLong,
) =>
  z
    .string({ error: tooShort })
    .min(PASSWORD_LIMITS.newMin, tooShort)
    .max(PASSWORD_LIMITS.newMax, tooLong);

/** POST /auth/login {username, password}: the spec's format rules only. */
export const loginBody = z.object({
  username: emailField(m.username),
  password: z
    .string({ error: m.loginPassword })
    .min(PASSWORD_LIMITS.signInMin, m.loginPassword)
    .max(PASSWORD_LIMITS.signInMax, m.invalidCredentials),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A required register field: missing or blank gives 'Please fill out all fields'. */
const filled = z.string({ error: m.fillAllFields }).trim().min(1, m.fillAllFields);

/** POST /auth/register {username, password, firstname, lastname, acceptedPolicy}. */
export const registerBody = z.object({
  username: filled.pipe(emailField()),
  password: z.string({ error: m.fillAllFields }).min(1, m.fillAllFields).pipe(newPasswordField()),
  firstname: filled.pipe(personDetailsSchema.shape.firstname),
  lastname: filled.pipe(personDetailsSchema.shape.lastname),
  acceptedPolicy: z.literal(true, { error: m.acceptPolicy }),
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * A form's check that its new password (in `field`) is not easy to guess: `PASSWORD_MESSAGES.weak`
 * under the field. A refinement, so it runs once every other rule has passed.
 */
async function refuseGuessable(
  check: z.RefinementCtx,
  field: string,
  password: string,
  context: PasswordContext,
): Promise<void> {
  if (await isGuessablePassword(password, context)) {
    check.addIssue({ code: 'custom', path: [field], message: PASSWORD_MESSAGES.weak });
  }
}

const registerFields = registerBody
  .extend({ confirmPassword: z.string({ error: m.fillAllFields }).min(1, m.fillAllFields) })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: m.registerPasswordsDiffer,
    // Checked as soon as both passwords are typed, whatever the other fields say.
    when: ({ value }) => {
      const { password, confirmPassword } = value as Partial<Record<string, unknown>>;
      return typeof password === 'string' && password !== '' && typeof confirmPassword === 'string';
    },
  });
export type RegisterForm = z.input<typeof registerFields>;

/** The register form of the shop `shopName`: the payload, the confirmation, a strong password. */
export const registerForm = (shopName: string) =>
  registerFields.superRefine((form, check) =>
    refuseGuessable(check, 'password', form.password, { shopName, email: form.username }),
  );

/** The register form's values as the request body (the confirmation left out). */
export function registerPayload(form: z.output<typeof registerFields>): RegisterBody {
  const { confirmPassword: _confirmation, ...body } = form;
  return body;
}

/** POST /auth/resend-verification {email} and POST /auth/forgot-password {email}. */
export const emailBody = z.object({ email: emailField() });
export type EmailBody = z.infer<typeof emailBody>;
export const forgotPasswordBody = emailBody;

/**
 * The opaque one-use token in a verification or reset link: 32 random bytes, base64url (43
 * characters). Anything else cannot be one, so it is refused before any database work.
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** GET /auth/verify-email?token&email (spec §5 Verify email: needs both). */
export const verifyEmailQuery = z.object({
  token: z.string({ error: m.verifyLinkExpired }).regex(LINK_TOKEN_PATTERN, m.verifyLinkExpired),
  email: emailField(m.verifyLinkExpired),
});
export type VerifyEmailQuery = z.infer<typeof verifyEmailQuery>;

/** POST /auth/reset-password {token, email, newPassword}. */
export const resetPasswordBody = z.object({
  token: z.string({ error: m.invalidResetLink }).regex(LINK_TOKEN_PATTERN, m.invalidResetLink),
  email: emailField(m.invalidResetLink),
  newPassword: newPasswordField(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

const resetPasswordFields = z
  .object({ newPassword: newPasswordField(), confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDoNotMatch,
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFields>;

/**
 * The reset page's form (spec §5 Reset password): new password and its confirmation, and a new
 * password that is hard to guess for the account `email` of the link.
 */
export const resetPasswordForm = (shopName: string, email: string) =>
  resetPasswordFields.superRefine((form, check) =>
    refuseGuessable(check, 'newPassword', form.newPassword, { shopName, email }),
  );

/** The reset link's query (spec §5: needs both token and email). */
export const resetLinkQuery = resetPasswordBody.pick({ token: true, email: true });

/** POST /auth/changePassword {oldPassword, newPassword}. */
export const changePasswordBody = z.object({
  oldPassword: z
    .string({ error: m.oldPasswordRequired })
    .min(1, m.oldPasswordRequired)
    .max(PASSWORD_LIMITS.signInMax, m.wrongOldPassword),
  newPassword: newPasswordField(PASSWORD_MESSAGES.newTooShort, PASSWORD_MESSAGES.newTooLong),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

const changePasswordFields = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDoNotMatch,
  });
export type ChangePasswordForm = z.input<typeof changePasswordFields>;

/**
 * The account page's change-password form (spec §2 Account): old, new and confirmation, and a
 * new password that is hard to guess for the signed-in account `email`.
 */
export const changePasswordForm = (shopName: string, email: string) =>
  changePasswordFields.superRefine((form, check) =>
    refuseGuessable(check, 'newPassword', form.newPassword, { shopName, email }),
  );

/** POST /auth/login and POST /auth/refresh answer (200): the access token and the user. */
export interface SessionAnswer {
  token: string;
  user: UserDto;
}

/** The one error shape of every failure: `{ error, fields? }` (fields: first message per field). */
export interface AuthErrorAnswer {
  error: string;
  fields?: Record<string, string>;
}

/** The first message for each field of a failed parse, for showing under each field. */
export function authFieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}
