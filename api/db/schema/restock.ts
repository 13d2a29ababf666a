import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt, ownedBy, timestampTz } from './columns';
import { products } from './catalogue';

/**
 * Shoppers waiting for a sold-out product, or one sold-out variant or bundle option of it
 * (issue 27): one row per address and item, mailed only once its address confirmed it. The row is deleted in the transaction that queues its
 * email, so the email goes once; rows older than 180 days are removed by housekeeping.
 */
export const restockRequests = pgTable(
  'restock_requests',
  {
    id: id(),
    /** Lower-cased. */
    email: text('email').notNull(),
    productId: ownedBy('product_id', () => products.id),
    /** The variant or bundle option's sku; '' for the product itself. */
    sku: text('sku').notNull().default(''),
    createdAt: createdAt(),
    /** When the address opened the confirmation email's link (issue 36); null: not yet, no email. */
    confirmedAt: timestampTz('confirmed_at'),
  },
  (table) => [
    uniqueIndex('restock_requests_email_item_idx').on(table.email, table.productId, table.sku),
    index('restock_requests_item_idx').on(table.productId, table.sku),
    index('restock_requests_created_idx').on(table.createdAt),
  ],
);
