import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ownedBy } from './columns';
import { RETURN_REASON_KEYS } from '../../../core/orders/returns';
import { RETURN_STATUSES } from '../../../core/orders/statuses';
import { RATING_TYPES } from '../../../core/ratings/model';
import { products } from './catalogue';
import { orderItems, orders } from './orders';
import { users } from './users';

/** A customer's "Report an Issue" on a shipped order; the shop is emailed through the outbox. */
export const orderIssueReports = pgTable(
  'order_issue_reports',
  {
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    /** The customer's account; null for a guest's report (sent through the order's signed link). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('order_issue_reports_order_idx').on(table.orderId, table.createdAt)],
);

export { RETURN_STATUSES, type ReturnStatus } from '../../../core/orders/statuses';

/** "Start a Return" on a delivered order, within 14 days of delivery, for returnable items. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    /** The customer's account; null for a guest's return (sent through the order's signed link). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Why it comes back (the form's picker); the customer's own words are `message`. */
    reason: text('reason', { enum: RETURN_REASON_KEYS }).notNull().default('other'),
    message: text('message').notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    /** Why the shop declined it (the customer is emailed this); null unless declined. */
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('return_requests_order_idx').on(table.orderId, table.createdAt),
    index('return_requests_status_idx').on(table.status, table.createdAt),
  ],
);

/** The order lines a return request sends back (each one the return policy allows back). */
export const returnRequestItems = pgTable(
  'return_request_items',
  {
    returnRequestId: ownedBy('return_request_id', () => returnRequests.id),
    orderItemId: ownedBy('order_item_id', () => orderItems.id),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.returnRequestId, table.orderItemId] }),
    check('return_request_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export { RATING_TYPES, type RatingType } from '../../../core/ratings/model';

/**
 * One thumb per customer and product. The product's thumbsUp/thumbsDown counts change in the
 * same transaction as this row (api/modules/ratings), so they always equal these rows' counts.
 */
export const productRatings = pgTable(
  'product_ratings',
  {
    userId: ownedBy('user_id', () => users.id),
    productId: ownedBy('product_id', () => products.id),
    type: text('type', { enum: RATING_TYPES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('product_ratings_product_idx').on(table.productId),
  ],
);

export type OrderIssueReportRow = typeof orderIssueReports.$inferSelect;
export type ReturnRequestRow = typeof returnRequests.$inferSelect;
export type ProductRatingRow = typeof productRatings.$inferSelect;
