import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SignedInUser } from '../auth/plugin';
import type { ShopDetails } from '../mail/templates/shop';
import type { CancelDependencies } from '../orders/cancel';
import { ADMIN_MESSAGES } from '../../../core/admin/model';

/** What the back office's use cases need (api/app.ts hands it to the admin module). */
export interface AdminDeps {
  db: Db;
  shop: ShopDetails;
  /** The gateway's refunds, for cancel-and-refund and its retry (h-history's cancel.ts). */
  gateway: CancelDependencies['gateway'];
  onMailQueued?: () => void;
  /** The data folder (DATA_DIR): uploaded product images live under its uploads/ folder. */
  dataDir: string;
}

/** The signed-in owner making a change, as the audit log names them. */
export type Actor = Pick<SignedInUser, 'id' | 'email'>;

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

/** A refused move of an order: 404 when there is no such order, else 409 with `message`. */
export async function refuseTransition(db: Db, id: string, message: string): Promise<never> {
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  if (!exists) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  throw new AppError('CONFLICT', message);
}

/** The rows of `db.execute`, whichever driver answered (PGlite and node-postgres both give `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
