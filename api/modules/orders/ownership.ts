import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema';

/** The signed-in customer, as the order routes need them (from the auth plugin's `user`). */
export interface Customer {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * The orders that are a customer's: those placed signed in, and the guest orders placed with the
 * account's email once that email is verified (before, anyone could register with it and read
 * them).
 */
export function ownedBy(customer: Customer): SQL {
  const own = eq(orders.userId, customer.id);
  if (!customer.emailVerified) return own;
  return or(
    own,
    and(isNull(orders.userId), sql`lower(${orders.email}) = ${customer.email.toLowerCase()}`),
  )!;
}
