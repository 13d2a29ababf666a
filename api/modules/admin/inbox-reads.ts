import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboxReads } from '../../db/schema';
import { audit, type Actor } from '../../lib/audit';

/** The kinds of item the inbox lists (their tables are in inbox.ts). */
export type InboxKind = 'contact' | 'issue' | 'return';

/**
 * Marks an item read inside the caller's transaction, which holds its row: once, with an audit
 * row. A reply marks what it answers read too (issue 39).
 */
export async function recordRead(tx: Db, actor: Actor, kind: InboxKind, id: string) {
  const [already] = await tx
    .select({ readAt: inboxReads.readAt })
    .from(inboxReads)
    .where(and(eq(inboxReads.kind, kind), eq(inboxReads.itemId, id)));
  if (already) return;
  await tx.insert(inboxReads).values({ kind, itemId: id });
  await audit(tx, actor, {
    action: 'inbox.read',
    entity: kind,
    entityId: id,
    before: { read: false },
    after: { read: true },
  });
}
