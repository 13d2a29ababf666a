import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { ShopDetails } from '../../mail';
import type { CancelDependencies } from '../cancel';
import { ADMIN_MESSAGES } from '../../../../core/admin/model';

export { audit, type Actor } from '../../../lib/audit';

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
