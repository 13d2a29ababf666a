import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface OutgoingMail {
  /** What caused the message, e.g. 'contact.received' or 'order.confirmed'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Queues a message for delivery. Pass the transaction that makes the change causing the mail, so
 * the change and its mail are written together or not at all; the outbox worker delivers it.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
  return row!.id;
}
