/**
 * The order lifecycle's questions (core/orders/lifecycle.ts) as SQL over the `orders` row in scope,
 * built from the same constants and table, so a list, a count or an export never keeps a list of
 * its own. tests/api/lifecycle-sql.test.ts checks that SQL and TypeScript agree for every state
 * and kind.
 */
import { not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './schema';
import {
  ORDER_KINDS,
  statesAllowing,
  type OrderAction,
  type OrderKind,
  type OrderStatus,
} from '../../core/orders/lifecycle';
import { PRODUCT_KINDS, ships, type ProductKind } from '../../core/product/kind';

/** `a, b, c` as bound values, for `in (…)`. */
export const listed = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql.param(value)),
    sql.raw(', '),
  );

/** SQL: the order (the `orders` row in scope) has a line of one of these kinds. */
const hasLineOf = (kinds: readonly ProductKind[]): SQL =>
  kinds.length === 0
    ? sql`false`
    : sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.kind} in (${listed(kinds)}))`;

/** SQL: the order (the `orders` row in scope) has no line to ship (`ships`, from its lines' kinds). */
export const hasNothingToShip: SQL = not(
  hasLineOf(PRODUCT_KINDS.filter((kind) => ships({ kind }))),
);

/**
 * SQL: the order's kind (`orderKindOf` over its lines' kinds, as SQL: tests/api/lifecycle-sql
 * checks that both agree for every kind).
 */
export const orderKindSql: SQL<OrderKind> = sql<OrderKind>`(case
  when ${hasLineOf(['goods'])} then (case when ${hasLineOf(['digital', 'gift_card'])} then ${'mixed'} else ${'parcels'} end)
  when ${hasLineOf(['digital'])} and ${hasLineOf(['gift_card'])} then ${'emailed_only'}
  when ${hasLineOf(['gift_card'])} then ${'gift_cards_only'}
  else ${'digital_only'} end)`;

/**
 * SQL: the lifecycle table's answer (`allows`) for the order in scope: its state is one that
 * allows `action` for its kind, leaving out `except`.
 */
export function stateAllowsSql(action: OrderAction, except: readonly OrderStatus[] = []): SQL {
  const branches = ORDER_KINDS.map((kind) => {
    const states = statesAllowing(action, kind).filter((state) => !except.includes(state));
    return states.length === 0
      ? undefined
      : sql`(${orderKindSql} = ${kind} and ${orders.shippingStatus} in (${listed(states)}))`;
  }).filter((branch) => branch !== undefined);
  return branches.length === 0 ? sql`false` : sql`(${sql.join(branches, sql` or `)})`;
}

/**
 * SQL: `column` (an order's state, `o.shipping_status` in a raw query) is one of `states` (a
 * lifecycle list: PAID_STATES, REVENUE_STATES, ...).
 */
export function inStates(column: AnyPgColumn | SQL, states: readonly OrderStatus[]): SQL {
  return states.length === 0 ? sql`false` : sql`${column} in (${listed(states)})`;
}
