import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt, ownedBy } from './columns';
import { users } from './users';

/**
 * A customer's wallet (issue 11): saved addresses and stored cards. A card is kept only as the
 * payment provider's reusable token with what the page shows (brand, last four, expiry); the
 * number never reaches the shop.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    /** Whom the parcel is for (issue 26); migration 0026 filled in the account holder's name. */
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipcode: text('zipcode').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('user_addresses_user_idx').on(table.userId, table.createdAt)],
);
export type UserAddressRow = typeof userAddresses.$inferSelect;

/** The provider's customer for a user: one per user and provider (a Stripe Customer). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: ownedBy('user_id', () => users.id),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex('payment_customers_ref_key').on(table.provider, table.customerRef),
  ],
);

/** A stored card: the provider's reusable payment method, bound to the user's customer. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    provider: text('provider').notNull(),
    /** The provider's reusable payment-method id (Stripe `pm_…`, sandbox `pm_sandbox_…`). */
    methodRef: text('method_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('saved_cards_method_key').on(table.provider, table.methodRef),
    index('saved_cards_user_idx').on(table.userId),
  ],
);
export type SavedCardRow = typeof savedCards.$inferSelect;

/** The sandbox gateway's customers, as a real provider keeps them. */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox's reusable payment methods: a one-use test-card token set up for a customer.
 * Detached for good once `detachedAt` is set: it can be neither listed nor charged again.
 */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id),
    /** The setup's idempotency key: the same setup gives the same method. */
    setupKey: text('setup_key').notNull(),
    /** SHA-256 of the one-use token it was made from: a token sets up one method. */
    tokenHash: text('token_hash').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    outcome: text('outcome').notNull(),
    detached: boolean('detached').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sandbox_payment_methods_setup_key').on(table.setupKey),
    uniqueIndex('sandbox_payment_methods_token_key').on(table.tokenHash),
    index('sandbox_payment_methods_customer_idx').on(table.customerId),
  ],
);
