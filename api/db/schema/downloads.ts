import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt, ownedBy, timestampTz } from './columns';
import { orderItems, orders } from './orders';

/**
 * A paid digital line's download link (DECISIONS: Digital products are delivered). The link's
 * token is random and only its SHA-256 is kept. A link serves at most `maxUses` downloads until
 * `expiresAt`; each download is counted by one conditional update, so concurrent requests never
 * pass the limit. A fresh link for the same line revokes the older ones (`revokedAt`); an order's
 * links are reissued a few times at most (`issue`).
 */
export const downloadGrants = pgTable(
  'download_grants',
  {
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    orderItemId: ownedBy('order_item_id', () => orderItems.id),
    /** The file's name under api/assets/downloads/ (the product's slug). */
    file: text('file').notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * Which issue of its order's links this is: 0 when the order was paid, then 1, 2, … for each
     * reissue (all lines of one reissue share its number). The next is written with the order's
     * row locked, so concurrent reissues cannot share one; the cap is DOWNLOAD_MAX_REISSUES.
     */
    issue: integer('issue').notNull().default(0),
    uses: integer('uses').notNull().default(0),
    maxUses: integer('max_uses').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('download_grants_token_key').on(table.tokenHash),
    index('download_grants_item_idx').on(table.orderItemId),
    index('download_grants_order_idx').on(table.orderId),
    check(
      'download_grants_uses_within_limit',
      sql`${table.uses} >= 0 and ${table.uses} <= ${table.maxUses}`,
    ),
  ],
);

export type DownloadGrantRow = typeof downloadGrants.$inferSelect;
