import { and, asc, eq, lt } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { log } from '../../lib/log';
import type { PaymentGateway } from '../payments/gateway';
import { chargeKeyFor } from './repository';
import { closeOrder } from './close';
import { settlePaid, type SettleDependencies } from './settle';

export interface RecoveryDependencies extends SettleDependencies {
  gateway: PaymentGateway;
}

export interface RecoveryRound {
  paid: number;
  abandoned: number;
  failed: number;
}

/** Pending orders at least this old are settled by recovery (longer than any charge can take). */
export const RECOVER_AFTER_MS = 10 * 60_000;

/**
 * Settles every order left `pending_payment` for longer than `olderThanMs` (its request died with
 * its process, or its charge's outcome was unknown) by asking the gateway about its idempotent
 * charge: charged → paid with its emails; not charged → stock back, order `abandoned`.
 */
export async function recoverPendingOrders(
  deps: RecoveryDependencies,
  olderThanMs = RECOVER_AFTER_MS,
): Promise<RecoveryRound> {
  const round: RecoveryRound = { paid: 0, abandoned: 0, failed: 0 };
  const stuck = await deps.db
    .select({ id: orders.id, chargeKey: orders.chargeKey })
    .from(orders)
    .where(
      and(
        eq(orders.shippingStatus, 'pending_payment'),
        lt(orders.createdAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(100);
  for (const order of stuck) {
    try {
      const found = await deps.gateway.lookup(order.chargeKey ?? chargeKeyFor(order.id));
      if (found.kind === 'charged') {
        if (await settlePaid(deps, order.id, found.charge)) round.paid += 1;
      } else if (
        (await closeOrder(deps, order.id, { by: 'recovery', actorEmail: '' }))?.outcome === 'closed'
      ) {
        round.abandoned += 1;
      }
    } catch (error) {
      round.failed += 1;
      log('error', 'order recovery failed', { orderId: order.id, error: String(error) });
    }
  }
  if (round.paid + round.abandoned + round.failed > 0) log('info', 'order recovery', { ...round });
  return round;
}
