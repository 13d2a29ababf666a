import { z } from 'zod';
import { searchText } from '../plain-text';

/**
 * The back office's customer list (issue 25 point 7): accounts with what they bought. Total
 * spent is net: what their orders' payments took less every refund that succeeded.
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

/** One customer as the list and the customer's page show them. */
export interface CustomerSummary {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  emailVerified: boolean;
  createdAt: string | Date;
  orderCount: number;
  /** Paid less refunded, over every paid order of the account. */
  spentCents: number;
  lastOrderAt: string | Date | null;
}
