import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { paymentDeclined } from './gateway';
import {
  PAYMENT_MESSAGES,
  type CardBrand,
  type CardToken,
  type SandboxTokenRequest,
  cardFieldErrors,
  sandboxTokenRequest,
} from '../../../core/payments/model';
import { DAY_MS } from '../../../core/dates';

/* The sandbox's test cards and card tokens (sandbox.ts): nothing of a card is stored. */

export type Outcome = 'success' | 'declined' | 'insufficient_funds';

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
export const METHOD_PREFIX = 'pm_sandbox_';
const TOKEN_LIFETIME_MS = DAY_MS;

export interface TokenClaims {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: Outcome;
  issuedAt: number;
  /** A random part: two shoppers tokenising the same card in the same millisecond differ. */
  nonce?: string;
}

/** The error a refused charge answers with, or undefined when `outcome` is not a refusal. */
export function refusal(outcome: string): AppError | undefined {
  if (outcome === 'declined') return paymentDeclined(PAYMENT_MESSAGES.declined);
  if (outcome === 'insufficient_funds') return paymentDeclined(PAYMENT_MESSAGES.insufficientFunds);
  if (outcome === 'expired') return paymentDeclined(PAYMENT_MESSAGES.expired);
  if (outcome === 'token_used') return paymentDeclined(PAYMENT_MESSAGES.tokenUsed);
  return undefined;
}

/**
 * The tokeniser: a token is the card's brand, last four, expiry and test outcome, signed with a
 * key derived from the server's secret, so it cannot be forged or altered.
 */
export function sandboxTokens(secret: string, now: () => Date) {
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
      nonce: randomBytes(12).toString('base64url'),
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

  return { tokenise, readToken };
}
