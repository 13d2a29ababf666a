import { z } from 'zod';
import { searchText } from '../plain-text';

/**
 * The back office's customer list (issue 25 point 7, issue 39 point 8): accounts and guests (one
 * row per email) with what they bought. Orders and total spent count the orders that stand
 * (`countsAsRevenue`: paid and not canceled); total spent is net: what their payments took less
 * every refund that succeeded.
 */
export const CUSTOMERS_PAGE_SIZE = 25;

export const customerListQuery = z.object({
  /** Part of a name or an email address. */
  q: searchText(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const CUSTOMER_MESSAGES = {
  notFound: 'There is no such customer.',
} as const;

/** An account, or a guest: the orders placed with one email that are no account's. */
export type CustomerKind = 'customer' | 'guest';

/** One customer as the list and the customer's page show them. */
export interface CustomerSummary {
  kind: CustomerKind;
  /** An account's id; a guest's latest order's id (their page's address). */
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  /** A guest's is false: no account, nothing verified. */
  emailVerified: boolean;
  /** When the account was made; a guest's first order. */
  createdAt: string | Date;
  /** Orders that stand (paid, not canceled). */
  orderCount: number;
  /** Paid less refunded, over the orders that stand. */
  spentCents: number;
  /** The last paid order (a canceled one too), and its day in the shop's calendar (YYYY-MM-DD). */
  lastOrderAt: string | Date | null;
  lastOrderDay: string | null;
}

/** The words the customers pages show for who someone is. */
export const CUSTOMER_TEXT = {
  guest: 'Guest',
  figures: 'Orders and total spent count orders that stand (paid, not canceled), less refunds.',
  guestNote:
    'A guest: orders placed without an account with this email. Once an account with this email is verified, they are counted on it.',
} as const;
