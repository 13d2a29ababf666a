import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCharges, type SandboxChargeRow } from '../../db/schema';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway';
import { expiryHasPassed, type CardBrand } from '../../../core/payments/model';
import { METHOD_PREFIX, refusal, sandboxTokens } from './sandbox-tokens';
import { readMethod, sandboxWallet } from './sandbox-wallet';

const expired = expiryHasPassed;

type SandboxTokens = ReturnType<typeof sandboxTokens>;

/**
 * The sandbox gateway and its tokeniser (sandbox-tokens.ts). Charges are kept in the database
 * (`sandbox_charges`) by idempotency key, as a real gateway keeps them: a retried charge is
 * answered with the first result, the recovery job can ask whether a charge happened, and a token
 * pays for one charge. Stored cards are its wallet (sandbox-wallet.ts).
 */
export function sandboxPayments(db: Db, secret: string, now: () => Date = () => new Date()) {
  const { tokenise, readToken } = sandboxTokens(secret, now);

  // Its stored-card wallet is attached below, once defined.
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    charge: (request) => chargeSandbox(db, readToken, now, request),
    async refund(reference, idempotencyKey, amountCents) {
      // Like a real gateway: the same key answers the same refund.
      const receipt = {
        reference: `sbx_re_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`,
      };
      if (amountCents !== undefined) {
        // A partial refund: like a real gateway, never more than the charge took.
        const [charge] = await db
          .select({ amountCents: sandboxCharges.amountCents })
          .from(sandboxCharges)
          .where(eq(sandboxCharges.reference, reference));
        if (!charge || amountCents <= 0 || amountCents > charge.amountCents) {
          throw new Error('sandbox: a refund must be within the charge');
        }
        return receipt;
      }
      await db
        .update(sandboxCharges)
        .set({ refunded: true })
        .where(eq(sandboxCharges.reference, reference));
      return receipt;
    },
    async lookup(idempotencyKey) {
      const row = await findCharge(db, idempotencyKey);
      if (!row || refusal(row.outcome)) return { kind: 'not_charged' };
      return { kind: 'charged', charge: toResult(row) };
    },
  };

  gateway.wallet = sandboxWallet(db, readToken, now);

  async function isRefunded(reference: string): Promise<boolean> {
    const [row] = await db
      .select({ refunded: sandboxCharges.refunded })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference));
    return row?.refunded ?? false;
  }

  return { gateway, tokenise, isRefunded };
}

function toResult(row: SandboxChargeRow): ChargeResult {
  const failure = refusal(row.outcome);
  if (failure) throw failure;
  return {
    reference: row.reference,
    status: 'paid',
    card: {
      brand: row.brand as CardBrand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
    },
  };
}

async function findCharge(db: Db, idempotencyKey: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * A charge by token or stored card: answered from an earlier charge with the same key, else kept
 * once by key; a token pays for one charge only.
 */
async function chargeSandbox(
  db: Db,
  readToken: SandboxTokens['readToken'],
  now: () => Date,
  request: ChargeRequest,
): Promise<ChargeResult> {
  const existing = await findCharge(db, request.idempotencyKey);
  if (existing) return toResult(existing);
  // A stored card: only with its own customer, never once detached; it pays any number of times.
  const stored = request.paymentMethodId.startsWith(METHOD_PREFIX);
  // A malformed token is not a charge attempt: nothing is kept, a corrected retry goes through.
  const claims = stored
    ? await readMethod(db, request.paymentMethodId, request.customer)
    : readToken(request.paymentMethodId);
  const tokenHash = createHash('sha256')
    .update(
      stored ? `${request.paymentMethodId}:${request.idempotencyKey}` : request.paymentMethodId,
    )
    .digest('hex');
  const outcome = expired(claims.expMonth, claims.expYear, now())
    ? 'expired'
    : claims.outcome === 'success'
      ? 'paid'
      : claims.outcome;
  const inserted = await db
    .insert(sandboxCharges)
    .values({
      idempotencyKey: request.idempotencyKey,
      tokenHash,
      reference: `ch_sandbox_${randomBytes(12).toString('hex')}`,
      outcome,
      amountCents: request.amountCents,
      brand: claims.brand,
      last4: claims.last4,
      expMonth: claims.expMonth,
      expYear: claims.expYear,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return toResult(inserted[0]);
  // Either the same charge arrived twice at once (answer it), or the token paid another one.
  const again = await findCharge(db, request.idempotencyKey);
  if (again) return toResult(again);
  // A refused card stays refused; a card that paid does not pay a second order.
  const [earlier] = await db
    .select({ outcome: sandboxCharges.outcome })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.tokenHash, tokenHash));
  throw refusal(earlier?.outcome ?? 'token_used') ?? refusal('token_used')!;
}

export type SandboxPayments = ReturnType<typeof sandboxPayments>;
