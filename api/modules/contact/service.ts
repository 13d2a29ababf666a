import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { CONTACT_RATE_LIMIT, CONTACT_TOO_MANY_MESSAGES, type ContactMessage } from './model';

export interface ContactContext {
  /** The shop's own address (SHOP_EMAIL): where the message is mailed. */
  shopEmail: string;
  /** The sender's network address when the server knows it. */
  ip?: string | undefined;
}

/** Messages from this email address or network address within the rate-limit window. */
async function recentMessages(db: Db, email: string, ip: string | undefined): Promise<number> {
  const since = new Date(Date.now() - CONTACT_RATE_LIMIT.minutes * 60_000);
  const sameSender = ip
    ? or(eq(contactMessages.email, email), sql`${contactMessages.meta} ->> 'ip' = ${ip}`)
    : eq(contactMessages.email, email);
  const [row] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(and(gt(contactMessages.createdAt, since), sameSender));
  return row?.total ?? 0;
}

function mailText(message: ContactMessage): string {
  return [
    `From: ${message.email}`,
    `Subject: ${message.subject}`,
    `Order number: ${message.orderNumber ?? 'none given'}`,
    '',
    message.message,
  ].join('\n');
}

/**
 * Stores a contact message and queues its email to the shop in one transaction: if the mail
 * cannot be queued, nothing is stored, and once stored the outbox worker delivers it.
 */
export async function receiveContactMessage(
  db: Db,
  message: ContactMessage,
  { shopEmail, ip }: ContactContext,
): Promise<{ id: string }> {
  const email = message.email.toLowerCase();
  if ((await recentMessages(db, email, ip)) >= CONTACT_RATE_LIMIT.messages) {
    throw new AppError('TOO_MANY_REQUESTS', CONTACT_TOO_MANY_MESSAGES);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        email,
        subject: message.subject,
        message: message.message,
        orderNumber: message.orderNumber ?? null,
        meta: ip ? { ip } : null,
      })
      .returning({ id: contactMessages.id });
    await enqueueMail(tx, {
      kind: 'contact.received',
      to: shopEmail,
      replyTo: message.email,
      subject: `Contact form: ${message.subject}`,
      text: mailText(message),
    });
    return { id: row!.id };
  });
}
