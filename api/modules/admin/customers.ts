import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
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
import { moneyByOrder, ownedBy } from '../orders';
import { PAID_STATES, REVENUE_STATES } from '../../../core/orders/lifecycle';
import { SHOP_TIME_ZONE } from '../../../core/shop-calendar';
import { inStates } from '../../db/lifecycle-sql';
import { rowsOf } from '../../db/rows';
import { audit, type Actor } from '../../lib/audit';

/** The audit action of an admin's opening of a customer's page (their data read, not changed). */
export const CUSTOMER_VIEW = 'customer.view';

/** The orders that took money (`paid`): a canceled one was paid, then refunded. */
const paidOrder = inStates(sql`o.shipping_status`, PAID_STATES);
/** The orders that stand (`countsAsRevenue`, the dashboard's rule): what a customer's figures add up. */
const standing = inStates(sql`o.shipping_status`, REVENUE_STATES);

/** Each order's payments less what they gave back (all of it once marked refunded), as order-money.ts. */
const NET = sql`left join lateral (
    select coalesce(sum(p.amount_cents - case when p.status = 'refunded' then p.amount_cents
      else (select coalesce(sum(pr.amount_cents), 0) from ${paymentRefunds} pr
        where pr.payment_id = p.id and pr.status = 'succeeded') end), 0) as net
    from ${payments} p where p.order_id = o.id and p.status in ('paid', 'refunded')
  ) m on o.id is not null`;

/** Orders that stand, their net spent, and the last paid order, over the orders `o` in a group. */
const FIGURES = sql`(count(o.id) filter (where ${standing}))::int as "orderCount",
  coalesce(sum(m.net) filter (where ${standing}), 0)::int as "spentCents",
  max(o.created_at) as "lastOrderAt"`;

/** An account whose guest orders are its own (`ownedBy`): a customer with this verified email. */
const verifiedAccountOf = (email: SQL) =>
  sql`exists (select 1 from ${users} a where a.role = 'customer' and a.email_verified
    and lower(a.email) = lower(${email}))`;

/** Which accounts and which guests (by their orders) a query is about. */
interface Who {
  accounts: SQL;
  guests: SQL;
}

/**
 * Everyone who bought: customers' accounts (with the orders that are theirs by `ownedBy`:
 * placed signed in, or as a guest with the account's email once it is verified) and guests,
 * one row per email over their orders that are no account's (issue 39 point 8). A guest's row is
 * named from their latest order and its id is that order's, which opens their page. Both carry
 * their standing orders' count and net spent (`countsAsRevenue`: paid, not canceled, less
 * refunds) and their last paid order, as an instant and as the shop's day.
 */
function people(who: Who) {
  const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
  return sql`with people as (
    select 'customer' as kind, u.id::text as id, u.email, u.firstname, u.lastname,
      u.email_verified as "emailVerified", u.created_at as "createdAt", ${FIGURES}
    from ${users} u
    left join ${orders} o on ${paidOrder} and (o.user_id = u.id
      or (u.email_verified and o.user_id is null and lower(o.email) = lower(u.email)))
    ${NET}
    where u.role = 'customer' and ${who.accounts}
    group by u.id
    union all
    select 'guest' as kind, (array_agg(o.id::text order by o.created_at desc))[1] as id,
      (array_agg(o.email order by o.created_at desc))[1] as email,
      (array_agg(o.firstname order by o.created_at desc))[1] as firstname,
      (array_agg(o.lastname order by o.created_at desc))[1] as lastname,
      false as "emailVerified", min(o.created_at) as "createdAt", ${FIGURES}
    from ${orders} o
    ${NET}
    -- Anonymised orders (their email emptied by retention) are no one's.
    where o.user_id is null and o.email <> '' and ${paidOrder}
      and not ${verifiedAccountOf(sql`o.email`)}
    group by lower(o.email)
    having ${who.guests}
  )
  select *, to_char("lastOrderAt" at time zone ${zone}, 'YYYY-MM-DD') as "lastOrderDay"
  from people`;
}

function peopleRows(db: Db, who: Who, limit: number, offset: number) {
  return db
    .execute(
      sql`${people(who)}
      order by "lastOrderAt" desc nulls last, "createdAt" desc, id
      limit ${limit} offset ${offset}`,
    )
    .then((result) => rowsOf<CustomerSummary>(result));
}

/**
 * A search by part of a name ("Fern", "Gully", "Fern Gully") or of an email address: an
 * account's own, or any of a guest's orders' (as the buyer named themselves on it).
 */
function searchConditions(q: string | undefined): Who {
  const text = q?.trim().replace(/\s+/g, ' ');
  if (!text) return { accounts: sql`true`, guests: sql`true` };
  const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return {
    accounts: sql`(u.email ilike ${like} or (u.firstname || ' ' || u.lastname) ilike ${like})`,
    guests: sql`bool_or(o.email ilike ${like} or (o.firstname || ' ' || o.lastname) ilike ${like})`,
  };
}

/** GET /admin/customers: customers and guests, those who ordered last first, 25 a page, searchable. */
export async function listCustomers(db: Db, query: CustomerListQuery) {
  const who = searchConditions(query.q);
  const [rows, counted] = await Promise.all([
    peopleRows(db, who, CUSTOMERS_PAGE_SIZE, (query.page - 1) * CUSTOMERS_PAGE_SIZE),
    db.execute(sql`select count(*)::int as total from (${people(who)}) counted`),
  ]);
  return {
    customers: rows,
    page: query.page,
    pageSize: CUSTOMERS_PAGE_SIZE,
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
  };
}

/** A customer's or a guest's orders that were paid, each with its net and money state. */
async function ordersWithMoney(db: Db, whose: SQL) {
  const orderRows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.shippingStatus,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(whose, inArray(orders.shippingStatus, [...PAID_STATES])))
    .orderBy(desc(orders.createdAt));
  const money = await moneyByOrder(db, orderRows);
  return orderRows.map(({ paymentStatus: _paymentStatus, ...order }) => {
    const { netCents, state } = money.get(order.id)!;
    return { ...order, netCents, state };
  });
}

/**
 * GET /admin/customers/guests/:id: a guest (by one of their orders' id), their figures and
 * every paid order placed with that email that is no account's. Audited as a customer's page is.
 */
export async function guestDetail(db: Db, actor: Actor, orderId: string) {
  const [order] = await db
    .select({ email: orders.email })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.userId), ne(orders.email, '')));
  const key = order?.email.toLowerCase();
  const [guest] = key
    ? await peopleRows(
        db,
        { accounts: sql`false`, guests: sql`lower(min(o.email)) = ${key}` },
        1,
        0,
      )
    : [];
  if (!guest) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
  await audit(db, actor, { action: CUSTOMER_VIEW, entity: 'guest', entityId: orderId });
  const guestOrders = await ordersWithMoney(
    db,
    and(isNull(orders.userId), sql`lower(${orders.email}) = ${key}`)!,
  );
  return { customer: guest, orders: guestOrders, addresses: [], cards: [] };
}

/**
 * GET /admin/customers/:id: the customer, their paid orders (each with its net), their saved
 * addresses and their cards as brand and last four only. Each read is audited (who read whom, when).
 */
export async function customerDetail(db: Db, actor: Actor, id: string) {
  const [customer] = await peopleRows(
    db,
    { accounts: sql`u.id = ${id}`, guests: sql`false` },
    1,
    0,
  );
  if (!customer) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
  await audit(db, actor, { action: CUSTOMER_VIEW, entity: 'user', entityId: id });
  const [customerOrders, addresses, cards] = await Promise.all([
    ordersWithMoney(db, ownedBy(customer)),
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
  return { customer, orders: customerOrders, addresses, cards };
}
