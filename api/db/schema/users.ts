import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ownedBy, timestampTz } from './columns';

/**
 * Customer accounts and their sessions (issue 10). Secrets are never stored as they are: the
 * password as an Argon2id hash, refresh tokens and emailed link tokens as SHA-256 hashes.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Kept lower-cased; unique in any letter case. */
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    emailVerifiedAt: timestampTz('email_verified_at'),
    /** Raised by a password change or reset: every session made before then ends. */
    sessionVersion: integer('session_version').notNull().default(1),
    /** 'admin' opens the back office (issue 14, DECISIONS "Admin role"); shoppers are 'customer'. */
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

/**
 * One login and every refresh token rotated from it. The family ends 30 days after the login
 * (`expiresAt`), after 7 idle days (`lastUsedAt`), at logout, when a rotated token is replayed,
 * or when the user's session version moves past `sessionVersion`.
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    sessionVersion: integer('session_version').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    /** Why it ended: 'logout', 'reuse', 'password'. */
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    index('session_families_user_idx').on(table.userId),
    index('session_families_expires_idx').on(table.expiresAt),
  ],
);

/** A refresh token of a family; `rotatedAt` is set once, when it is exchanged for the next one. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: ownedBy('family_id', () => sessionFamilies.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    rotatedAt: timestampTz('rotated_at'),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * A link emailed for one purpose. Used once: consumed by one conditional update that sets
 * `usedAt`; a newer link of the same purpose marks the older ones used.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (table) => [
    index('email_tokens_user_purpose_idx').on(table.userId, table.purpose),
    index('email_tokens_expires_idx').on(table.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type UserRole = UserRow['role'];
export type SessionFamilyRow = typeof sessionFamilies.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
