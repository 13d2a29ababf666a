import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  sandboxCharges,
  sandboxCustomers,
  sandboxPaymentMethods,
  type SandboxChargeRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  paymentDeclined,
  type CardWallet,
  type ChargeResult,
  type PaymentGateway,
  type SavedMethod,
} from './gateway';
import {
  PAYMENT_MESSAGES,
  type CardBrand,
  type CardToken,
  type SandboxTokenRequest,
  cardFieldErrors,
  expiryHasPassed,
  sandboxTokenRequest,
} from '../../../core/payments/model';

type Outcome = 'success' | 'declined' | 'insufficient_funds';

/**
 * The well-known test card numbers, the only ones the sandbox takes. Any other number is refused
 * before anything is kept, so a real card can never be charged or stored here.
 */
export const SANDBOX_TEST_CARDS: Readonly<
  Record<string, { brand: CardBrand; outcome: Outcome; label: string }>
> = {
  '4242424242424242': { brand: 'visa', outcome: 'success', label: 'Visa, succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'success', label: 'Mastercard, succeeds' },
  '378282246310005': { brand: 'amex', outcome: 'success', label: 'American Express, succeeds' },
  '6011111111111117': { brand: 'discover', outcome: 'success', label: 'Discover, succeeds' },
  '4000000000000002': { brand: 'visa', outcome: 'declined', label: 'Visa, declined' },
  '4000000000009995': {
    brand: 'visa',
    outcome: 'insufficient_funds',
    label: 'Visa, insufficient funds',
  },
};

const TOKEN_PREFIX = 'tok_sandbox_';
const METHOD_PREFIX = 'pm_sandbox_';
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface TokenClaims {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: Outcome;
  issuedAt: number;
}

const expired = expiryHasPassed;

/**
 * The sandbox gateway and its tokeniser. A token is the card's brand, last four, expiry and test
 * outcome, signed with a key derived from the server's secret: the server needs no card store and
 * a token cannot be forged or altered. Charges are kept in the database (`sandbox_charges`) by
 * idempotency key, as a real gateway keeps them: a retried charge is answered with the first
 * result, the recovery job can ask whether a charge happened, and a token pays for one charge.
 */
export function sandboxPayments(db: Db, secret: string, now: () => Date = () => new Date()) {
  const key = createHmac('sha256', secret).update('evergreen sandbox card tokens').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function tokenise(input: SandboxTokenRequest): CardToken {
    const parsed = sandboxTokenRequest.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        fields[String(issue.path[0] ?? 'number')] ??= issue.message;
      throw new AppError('INVALID_DATA', parsed.error.issues[0]!.message, fields);
    }
    const { number, expMonth, expYear, cvc } = parsed.data;
    const card = SANDBOX_TEST_CARDS[number];
    // Every field's problem in one answer, so the form can mark them all at once.
    const fields: Record<string, string> = cardFieldErrors(
      { number, expiry: { expMonth, expYear }, cvc },
      now(),
    );
    if (!card) fields.number = PAYMENT_MESSAGES.sandboxOnlyTestCards;
    const first = fields.number ?? fields.expiry ?? fields.cvc;
    if (first || !card) throw new AppError('INVALID_DATA', first!, fields);
    const claims: TokenClaims = {
      brand: card.brand,
      last4: number.slice(-4),
      expMonth,
      expYear,
      outcome: card.outcome,
      issuedAt: now().getTime(),
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return {
      token: `${TOKEN_PREFIX}${body}.${sign(body)}`,
      brand: claims.brand,
      last4: claims.last4,
      expMonth,
      expYear,
    };
  }

  function readToken(token: string): TokenClaims {
    const invalid = () => new AppError('INVALID_DATA', PAYMENT_MESSAGES.invalidPaymentMethod);
    if (!token.startsWith(TOKEN_PREFIX)) throw invalid();
    const [body, signature] = token.slice(TOKEN_PREFIX.length).split('.');
    if (!body || !signature) throw invalid();
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
    if (now().getTime() - claims.issuedAt > TOKEN_LIFETIME_MS) throw invalid();
    return claims;
  }

  function refusal(outcome: string): AppError | undefined {
    if (outcome === 'declined') return paymentDeclined(PAYMENT_MESSAGES.declined);
    if (outcome === 'insufficient_funds')
      return paymentDeclined(PAYMENT_MESSAGES.insufficientFunds);
    if (outcome === 'expired') return paymentDeclined(PAYMENT_MESSAGES.expired);
    if (outcome === 'token_used') return paymentDeclined(PAYMENT_MESSAGES.tokenUsed);
    return undefined;
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

  async function findCharge(idempotencyKey: string): Promise<SandboxChargeRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
    return row;
  }

  // Its stored-card wallet is attached below, once defined.
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      const existing = await findCharge(request.idempotencyKey);
      if (existing) return toResult(existing);
      // A stored card: only with its own customer, never once detached; it pays any number of times.
      const stored = request.paymentMethodId.startsWith(METHOD_PREFIX);
      // A malformed token is not a charge attempt: nothing is kept, a corrected retry goes through.
      const claims = stored
        ? await readMethod(request.paymentMethodId, request.customer)
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
      const again = await findCharge(request.idempotencyKey);
      if (again) return toResult(again);
      // A refused card stays refused; a card that paid does not pay a second order.
      const [earlier] = await db
        .select({ outcome: sandboxCharges.outcome })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.tokenHash, tokenHash));
      throw refusal(earlier?.outcome ?? 'token_used') ?? refusal('token_used')!;
    },
    async refund(reference, _idempotencyKey, amountCents) {
      if (amountCents !== undefined) {
        // A partial refund: like a real gateway, never more than the charge took.
        const [charge] = await db
          .select({ amountCents: sandboxCharges.amountCents })
          .from(sandboxCharges)
          .where(eq(sandboxCharges.reference, reference));
        if (!charge || amountCents <= 0 || amountCents > charge.amountCents) {
          throw new Error('sandbox: a refund must be within the charge');
        }
        return;
      }
      await db
        .update(sandboxCharges)
        .set({ refunded: true })
        .where(eq(sandboxCharges.reference, reference));
    },
    async lookup(idempotencyKey) {
      const row = await findCharge(idempotencyKey);
      if (!row || refusal(row.outcome)) return { kind: 'not_charged' };
      return { kind: 'charged', charge: toResult(row) };
    },
  };

  /** A stored card's details, for its own customer only and while attached. */
  async function readMethod(id: string, customer: string | undefined): Promise<TokenClaims> {
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
  const wallet: CardWallet = {
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
  gateway.wallet = wallet;

  async function isRefunded(reference: string): Promise<boolean> {
    const [row] = await db
      .select({ refunded: sandboxCharges.refunded })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference));
    return row?.refunded ?? false;
  }

  return { gateway, tokenise, isRefunded };
}

export type SandboxPayments = ReturnType<typeof sandboxPayments>;
