import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { enqueueMail, contactMessageEmail, shopDetails } from '../mail';
import type { ContactMessage } from '../../../core/contact/model';

export interface ContactContext {
  /** The shop's own address (SHOP_EMAIL): where the message is mailed. */
  shopEmail: string;
  /** The sender's network address when the server knows it. */
  ip?: string | undefined;
  /** The signed-in sender's account, whose address `message.email` then is. */
  userId?: string | undefined;
}

/**
 * Stores a contact message and queues its email to the shop in one transaction: if the mail
 * cannot be queued, nothing is stored, and once stored the outbox worker delivers it.
 */
export async function receiveContactMessage(
  db: Db,
  message: ContactMessage,
  { shopEmail, ip, userId }: ContactContext,
): Promise<{ id: string }> {
  const email = message.email?.toLowerCase() ?? null;
  const mail = await contactMessageEmail(message, { ...shopDetails(), shopEmail });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        email,
        subject: message.subject,
        message: message.message,
        orderNumber: message.orderNumber ?? null,
        userId: userId ?? null,
        meta: ip ? { ip } : null,
      })
      .returning({ id: contactMessages.id });
    await enqueueMail(tx, {
      kind: 'contact.received',
      to: shopEmail,
      ...(message.email ? { replyTo: message.email } : {}),
      ...mail,
    });
    return { id: row!.id };
  });
}
