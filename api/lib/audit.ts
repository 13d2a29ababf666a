import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/** The signed-in owner making a change, as the audit log names them. */
export interface Actor {
  id: string;
  email: string;
}

/** One row of the audit log, written in the transaction of the change it records. */
export async function audit(
  tx: Db,
  actor: Actor,
  entry: {
    action: string;
    entity: string;
    entityId: string;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
