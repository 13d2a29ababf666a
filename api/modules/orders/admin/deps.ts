import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { ShopDetails } from '../../mail';
import type { CancelDependencies } from '../cancel';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';

import { audit, type Actor } from '../../../lib/audit';

export { audit, type Actor };

/** What the back office's order pages need (api/app.ts hands it to `adminOrdersModule`). */
export interface AdminDeps {
  db: Db;
  shop: ShopDetails;
  /** The gateway's refunds, for cancel-and-refund and its retry (../cancel.ts). */
  gateway: CancelDependencies['gateway'];
  onMailQueued?: () => void;
}

/** A refused move of an order: 404 when there is no such order, else 409 with `message`. */
export async function refuseTransition(db: Db, id: string, message: string): Promise<never> {
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  if (!exists) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
  throw new AppError('CONFLICT', message);
}

/** A move of an order's status as its audit row names it: the action, from one status to another. */
export interface OrderMove {
  action: string;
  from: string;
  to: string;
}

/** The audit row of an order's move, with what the move recorded besides the status. */
export function auditOrderMove(
  tx: Db,
  actor: Actor,
  id: string,
  move: OrderMove,
  recorded: Record<string, unknown> = {},
): Promise<void> {
  return audit(tx, actor, {
    action: move.action,
    entity: 'order',
    entityId: id,
    before: { status: move.from },
    after: { status: move.to, ...recorded },
  });
}
