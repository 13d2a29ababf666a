import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { MailKind } from './kinds';
import { markSecret, seal } from './sealed';

export interface OutgoingMail {
  /** What caused the message: one of the registry's kinds (./kinds.ts). */
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * A secret in the message (a gift card's code, as shown) that must not rest in the outbox in
   * clear: it is kept sealed and put back only when the message is sent (./sealed.ts).
   */
  sealedSecret?: string;
}

/**
 * Queues a message for delivery. Pass the transaction that makes the change causing the mail, so
 * the change and its mail are written together or not at all; the outbox worker delivers it.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const { sealedSecret, ...message } = mail;
  const values = sealedSecret
    ? { ...markSecret(message, sealedSecret), sealed: seal(sealedSecret) }
    : message;
  const [row] = await db.insert(outbox).values(values).returning({ id: outbox.id });
  return row!.id;
}
