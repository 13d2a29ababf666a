import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orders,
  paymentRefunds,
  payments,
  savedCards,
  userAddresses,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  CUSTOMER_MESSAGES,
  CUSTOMERS_PAGE_SIZE,
  type CustomerListQuery,
  type CustomerSummary,
} from '../../../core/admin/customers';
import { moneyByOrder } from '../orders/order-money';
import { PAID_STATES } from '../../../core/orders/lifecycle';
import { inStates } from '../orders/lifecycle-sql';
import { ownedBy } from '../orders/ownership';
import { audit, rowsOf, type Actor } from './deps';

/** The audit action of an admin's opening of a customer's page (their data read, not changed). */
export const CUSTOMER_VIEW = 'customer.view';

/** The orders that took money (`paid`): a canceled one was paid, then refunded. */
const paidOrder = inStates(sql`o.shipping_status`, PAID_STATES);

/**
 * Customers (accounts with the customer role) with their paid orders' count, net spent and last
 * order. Their orders are the account's own by the rule of `ownedBy` (ownership.ts): placed signed
 * in, or as a guest with the account's email once it is verified. Net follows `moneyByOrder`
 * (order-money.ts): each order's charges that took money, less its refunds that succeeded, or all
 * of it once a charge is marked refunded.
 */
function customerRows(db: Db, where: SQL, limit: number, offset: number) {
  return db
    .execute(
      sql`select u.id, u.email, u.firstname, u.lastname, u.email_verified as "emailVerified",
        u.created_at as "createdAt", count(o.id)::int as "orderCount",
        coalesce(sum(m.net), 0)::int as "spentCents", max(o.created_at) as "lastOrderAt"
      from ${users} u
      left join ${orders} o on ${paidOrder} and (o.user_id = u.id
        or (u.email_verified and o.user_id is null and lower(o.email) = lower(u.email)))
      left join lateral (
        -- Each payment less what it gave back (all of it once marked refunded), as order-money.ts.
        select coalesce(sum(p.amount_cents - case when p.status = 'refunded' then p.amount_cents
          else (select coalesce(sum(pr.amount_cents), 0) from ${paymentRefunds} pr
            where pr.payment_id = p.id and pr.status = 'succeeded') end), 0) as net
        from ${payments} p where p.order_id = o.id and p.status in ('paid', 'refunded')
      ) m on o.id is not null
      where u.role = 'customer' and ${where}
      group by u.id
      order by max(o.created_at) desc nulls last, u.created_at desc, u.id
      limit ${limit} offset ${offset}`,
    )
    .then((result) => rowsOf<CustomerSummary>(result));
}

/** A search by part of a name ("Fern", "Fern Gully") or of an email address. */
function searchCondition(q: string | undefined): SQL {
  const text = q?.trim();
  if (!text) return sql`true`;
  const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return sql`(u.email ilike ${like} or (u.firstname || ' ' || u.lastname) ilike ${like})`;
}

/** GET /admin/customers: customers, those who ordered last first, 25 a page, searchable. */
export async function listCustomers(db: Db, query: CustomerListQuery) {
  const where = searchCondition(query.q);
  const [rows, counted] = await Promise.all([
    customerRows(db, where, CUSTOMERS_PAGE_SIZE, (query.page - 1) * CUSTOMERS_PAGE_SIZE),
    db.execute(
      sql`select count(*)::int as total from ${users} u where u.role = 'customer' and ${where}`,
    ),
  ]);
  return {
    customers: rows,
    page: query.page,
    pageSize: CUSTOMERS_PAGE_SIZE,
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
  };
}

/**
 * GET /admin/customers/:id: the customer, their paid orders (each with its net), their saved
 * addresses and their cards as brand and last four only. Each read is audited (who read whom, when).
 */
export async function customerDetail(db: Db, actor: Actor, id: string) {
  const [customer] = await customerRows(db, sql`u.id = ${id}`, 1, 0);
  if (!customer) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
  await audit(db, actor, { action: CUSTOMER_VIEW, entity: 'user', entityId: id });
  const [orderRows, addresses, cards] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.shippingStatus,
        paymentStatus: orders.paymentStatus,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(and(ownedBy(customer), inArray(orders.shippingStatus, [...PAID_STATES])))
      .orderBy(desc(orders.createdAt)),
    db
      .select({
        id: userAddresses.id,
        line1: userAddresses.line1,
        line2: userAddresses.line2,
        city: userAddresses.city,
        state: userAddresses.state,
        zipcode: userAddresses.zipcode,
      })
      .from(userAddresses)
      .where(eq(userAddresses.userId, id))
      .orderBy(asc(userAddresses.createdAt)),
    // Brand and last four only: never the provider's token or the expiry.
    db
      .select({ id: savedCards.id, brand: savedCards.brand, last4: savedCards.last4 })
      .from(savedCards)
      .where(eq(savedCards.userId, id))
      .orderBy(asc(savedCards.createdAt)),
  ]);
  const money = await moneyByOrder(db, orderRows);
  return {
    customer,
    orders: orderRows.map(({ paymentStatus: _paymentStatus, ...order }) => {
      const { netCents, state } = money.get(order.id)!;
      return { ...order, netCents, state };
    }),
    addresses,
    cards,
  };
}
