import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema';

/** The signed-in customer, as the order routes need them (from the auth plugin's `user`). */
export interface SignedInCustomer {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** Whoever holds an order's signed status link (guest-link.ts): that one order, nothing else. */
export interface OrderLinkHolder {
  orderId: string;
}

/** Who asks for an order: a signed-in customer, or the holder of one order's signed link. */
export type Customer = SignedInCustomer | OrderLinkHolder;

export const isLinkHolder = (customer: Customer): customer is OrderLinkHolder =>
  'orderId' in customer;

/**
 * The orders that are a customer's: those placed signed in, and the guest orders placed with the
 * account's email once that email is verified (before, anyone could register with it and read
 * them). A link holder's is the order the link was signed for, until it is anonymised.
 */
export function ownedBy(customer: Customer): SQL {
  // Once anonymised (jobs/retention.ts, its email emptied), an order is no one's to open.
  if (isLinkHolder(customer)) return and(eq(orders.id, customer.orderId), ne(orders.email, ''))!;
  const own = eq(orders.userId, customer.id);
  if (!customer.emailVerified) return own;
  return or(
    own,
    and(isNull(orders.userId), sql`lower(${orders.email}) = ${customer.email.toLowerCase()}`),
  )!;
}
