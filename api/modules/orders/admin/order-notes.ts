import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderNotes, orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';
import type { NoteBody, OrderNote } from '../../../../core/admin/order-notes';
import { audit, type Actor } from './deps';

/** The audit action of a note written on an order. */
export const NOTE_ADD = 'order.note';

/** An order's internal notes, oldest first (the back office's order page only). */
export async function notesOf(db: Db, orderId: string): Promise<OrderNote[]> {
  const rows = await db
    .select({
      id: orderNotes.id,
      authorEmail: orderNotes.authorEmail,
      text: orderNotes.text,
      createdAt: orderNotes.createdAt,
    })
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * POST /admin/orders/:id/notes: an internal note, written with its audit row in one transaction.
 * The audit row holds the note's text too: the log says what was written, even if notes go later.
 */
export async function addNote(db: Db, actor: Actor, orderId: string, body: NoteBody) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId, authorId: actor.id, authorEmail: actor.email, text: body.text })
      .returning();
    await audit(tx, actor, {
      action: NOTE_ADD,
      entity: 'order',
      entityId: orderId,
      after: { noteId: note!.id, text: body.text },
    });
    return { notes: await notesOf(tx, orderId) };
  });
}
