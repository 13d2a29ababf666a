import { asc, count } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { needsAttention } from '../recovery';
import {
  NEEDS_ATTENTION_LISTED,
  type NeedsAttention,
} from '../../../../core/admin/needs-attention';

/** The dashboard's "needs attention": pending orders the recovery job failed to settle again and again. */
export async function needsAttentionOrders(db: Db): Promise<NeedsAttention> {
  const [total] = await db.select({ n: count() }).from(orders).where(needsAttention);
  const rows = await db
    .select({
      attempts: orders.recoveryAttempts,
      nextTryAt: orders.recoveryNextAt,
      error: orders.recoveryError,
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      email: orders.email,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(needsAttention)
    .orderBy(asc(orders.createdAt))
    .limit(NEEDS_ATTENTION_LISTED);
  return {
    count: total?.n ?? 0,
    orders: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      nextTryAt: row.nextTryAt?.toISOString() ?? null,
    })),
  };
}
