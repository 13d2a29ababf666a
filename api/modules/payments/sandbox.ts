import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';
import {
  paymentDeclined,
  type CardSummary,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from './gateway';
import {
  PAYMENT_MESSAGES,
  type CardBrand,
  type CardToken,
  type SandboxTokenRequest,
  sandboxTokenRequest,
} from './model';

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
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_REMEMBERED_CHARGES = 10_000;

interface TokenClaims {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: Outcome;
  issuedAt: number;
}

function expired(expMonth: number, expYear: number, now: Date): boolean {
  // A card is valid through the last day of its expiry month.
  return (
    expYear < now.getFullYear() || (expYear === now.getFullYear() && expMonth < now.getMonth() + 1)
  );
}

/**
 * The sandbox gateway and its tokeniser. A token is the card's brand, last four, expiry and test
 * outcome, signed with a key derived from the server's secret: the server needs no card store and
 * a token cannot be forged or altered. Charges are kept in memory by idempotency key, as a real
 * gateway would, so a retried charge is answered with the first result.
 */
export function sandboxPayments(secret: string, now: () => Date = () => new Date()) {
  const key = createHmac('sha256', secret).update('evergreen sandbox card tokens').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const charges = new Map<string, Promise<ChargeResult>>();
  const refunded = new Set<string>();

  function tokenise(input: SandboxTokenRequest): CardToken {
    const parsed = sandboxTokenRequest.safeParse(input);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'number');
      throw new AppError('INVALID_DATA', parsed.error.issues[0]!.message, {
        [field]: parsed.error.issues[0]!.message,
      });
    }
    const { number, expMonth, expYear, cvc } = parsed.data;
    const card = SANDBOX_TEST_CARDS[number];
    if (!card) {
      throw new AppError('INVALID_DATA', PAYMENT_MESSAGES.sandboxOnlyTestCards, {
        number: PAYMENT_MESSAGES.sandboxOnlyTestCards,
      });
    }
    if (expired(expMonth, expYear, now())) {
      throw new AppError('INVALID_DATA', PAYMENT_MESSAGES.expiry, {
        expiry: PAYMENT_MESSAGES.expiry,
      });
    }
    if (cvc.length !== (card.brand === 'amex' ? 4 : 3)) {
      throw new AppError('INVALID_DATA', PAYMENT_MESSAGES.cvc, { cvc: PAYMENT_MESSAGES.cvc });
    }
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

  async function settle(request: ChargeRequest): Promise<ChargeResult> {
    const claims = readToken(request.paymentMethodId);
    if (claims.outcome === 'declined') throw paymentDeclined(PAYMENT_MESSAGES.declined);
    if (claims.outcome === 'insufficient_funds') {
      throw paymentDeclined(PAYMENT_MESSAGES.insufficientFunds);
    }
    if (expired(claims.expMonth, claims.expYear, now())) {
      throw paymentDeclined(PAYMENT_MESSAGES.expired);
    }
    const card: CardSummary = {
      brand: claims.brand,
      last4: claims.last4,
      expMonth: claims.expMonth,
      expYear: claims.expYear,
    };
    return { reference: `ch_sandbox_${randomBytes(12).toString('hex')}`, status: 'paid', card };
  }

  const gateway: PaymentGateway = {
    provider: 'sandbox',
    charge(request) {
      const existing = charges.get(request.idempotencyKey);
      if (existing) return existing;
      const result = settle(request);
      charges.set(request.idempotencyKey, result);
      // Keys are kept as long as a retry can come; the oldest go first.
      if (charges.size > MAX_REMEMBERED_CHARGES) {
        charges.delete(charges.keys().next().value!);
      }
      // A malformed token is not a charge attempt: let a corrected retry through.
      result.catch((error: unknown) => {
        if (error instanceof AppError && error.type === 'INVALID_DATA') {
          charges.delete(request.idempotencyKey);
        }
      });
      return result;
    },
    async refund(reference) {
      refunded.add(reference);
    },
  };

  return { gateway, tokenise, isRefunded: (reference: string) => refunded.has(reference) };
}

export type SandboxPayments = ReturnType<typeof sandboxPayments>;
