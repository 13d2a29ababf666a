import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { config } from '../../config';

/*
 * A secret an email must carry (a gift card's code) never rests in the outbox in clear (issue 36
 * row 7): the queued message holds a mark where the secret goes and the secret sealed beside it
 * (AES-256-GCM, keyed from the server's secret); the worker opens it only to send, then forgets it.
 * A copy of the database — a backup, a stolen disk — shows the mark, never the code.
 */

/** Where the sealed secret stands in a queued message's subject, text and HTML. */
export const SEALED_MARK = '[kept sealed]';

const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('evergreen sealed mail').digest();

/** The secret sealed: nonce, tag and ciphertext, base64url. */
export function seal(value: string, secret: string = config().jwtSecret): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret again; throws when it was sealed with another key or altered. */
export function unseal(sealed: string, secret: string = config().jwtSecret): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

interface MessageParts {
  subject: string;
  text: string;
  html?: string | null | undefined;
}

/** The message with every copy of `secret` replaced by the mark (what the outbox keeps). */
export function markSecret<T extends MessageParts>(message: T, secret: string): T {
  const hide = (part: string) => part.split(secret).join(SEALED_MARK);
  if (!message.text.includes(secret) && !message.html?.includes(secret)) {
    throw new Error('A sealed secret must appear in the message it is sealed for.');
  }
  return {
    ...message,
    subject: hide(message.subject),
    text: hide(message.text),
    ...(message.html ? { html: hide(message.html) } : {}),
  };
}

/** The message as sent: the mark replaced by the secret opened from `sealed`. */
export function openSecret<T extends MessageParts>(message: T, sealed: string): T {
  const secret = unseal(sealed);
  const show = (part: string) => part.split(SEALED_MARK).join(secret);
  return {
    ...message,
    subject: show(message.subject),
    text: show(message.text),
    ...(message.html ? { html: show(message.html) } : {}),
  };
}
