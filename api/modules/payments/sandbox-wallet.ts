import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCharges, sandboxCustomers, sandboxPaymentMethods } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { paymentDeclined, type CardWallet, type SavedMethod } from './gateway';
import { PAYMENT_MESSAGES, expiryHasPassed, type CardBrand } from '../../../core/payments/model';
import { METHOD_PREFIX, refusal, type Outcome, type TokenClaims } from './sandbox-tokens';

const expired = expiryHasPassed;

/** A stored card's details, for its own customer only and while attached. */
export async function readMethod(
  db: Db,
  id: string,
  customer: string | undefined,
): Promise<TokenClaims> {
  const [row] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, id));
  if (!row || row.detached || !customer || row.customerId !== customer) {
    throw new AppError('INVALID_DATA', PAYMENT_MESSAGES.invalidPaymentMethod);
  }
  return {
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    outcome: row.outcome as Outcome,
    issuedAt: row.createdAt.getTime(),
  };
}

const toSaved = (row: typeof sandboxPaymentMethods.$inferSelect): SavedMethod => ({
  reference: row.id,
  card: {
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  },
});

/** The sandbox's customers and stored cards, kept in the database as a provider keeps them. */
export function sandboxWallet(
  db: Db,
  readToken: (token: string) => TokenClaims,
  now: () => Date,
): CardWallet {
  return {
    async createCustomer({ email }) {
      const id = `cus_sandbox_${randomBytes(12).toString('hex')}`;
      await db.insert(sandboxCustomers).values({ id, email });
      return id;
    },
    async saveCard(customer, token, setupKey) {
      const [again] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.setupKey, setupKey));
      if (again && again.customerId === customer) return toSaved(again);
      const claims = readToken(token);
      if (expired(claims.expMonth, claims.expYear, now())) {
        throw paymentDeclined(PAYMENT_MESSAGES.expired);
      }
      const failure = refusal(claims.outcome);
      if (failure) throw failure;
      const tokenHash = createHash('sha256').update(token).digest('hex');
      const [used] = await db
        .select({ n: sandboxCharges.idempotencyKey })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.tokenHash, tokenHash));
      if (used) throw refusal('token_used')!;
      const [row] = await db
        .insert(sandboxPaymentMethods)
        .values({
          id: `${METHOD_PREFIX}${randomBytes(12).toString('hex')}`,
          customerId: customer,
          setupKey,
          tokenHash,
          brand: claims.brand,
          last4: claims.last4,
          expMonth: claims.expMonth,
          expYear: claims.expYear,
          outcome: claims.outcome,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw refusal('token_used')!;
      return toSaved(row);
    },
    async listCards(customer) {
      const rows = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(
            eq(sandboxPaymentMethods.customerId, customer),
            eq(sandboxPaymentMethods.detached, false),
          ),
        )
        .orderBy(asc(sandboxPaymentMethods.createdAt));
      return rows.map(toSaved);
    },
    async detachCard(customer, reference) {
      const detached = await db
        .update(sandboxPaymentMethods)
        .set({ detached: true })
        .where(
          and(
            eq(sandboxPaymentMethods.id, reference),
            eq(sandboxPaymentMethods.customerId, customer),
            eq(sandboxPaymentMethods.detached, false),
          ),
        )
        .returning({ id: sandboxPaymentMethods.id });
      if (detached.length === 0) {
        throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.invalidPaymentMethod);
      }
    },
  };
}
