import type { Db } from '../../db/client';
import { AppError, TooManyRequests } from '../../lib/errors';
import type { BackoffRule, RateLimiter } from '../../lib/rate-limit';
import { GIFT_CARD_TEXTS } from '../../../core/gift-cards/model';
import { hashTypedCode } from './codes';
import { usableCard } from './ledger';
import type { GiftCardRow } from '../../db/schema';
import { ipLimitKey } from '../../lib/ip-limit-key';

/**
 * Guessing codes: from one address, 5 wrong codes are free, then each further one doubles the wait
 * (30 s, 1 min, … at most an hour); forgotten 6 hours after the last. The attempt is taken before
 * the lookup (`reserve`), so twenty guesses sent at once are counted one by one; a right code
 * gives its attempt back.
 */
export const WRONG_CODE_BACKOFF: BackoffRule = {
  free: 5,
  baseSeconds: 30,
  maxSeconds: 3600,
  forgetAfterSeconds: 6 * 3600,
};

const keyOf = (ip: string | undefined) => `giftcards.codes.ip:${ipLimitKey(ip) ?? 'unknown'}`;

/**
 * The card a typed code names, checked against the address's wrong-code backoff: 429 while the
 * address waits, and the one refusal (never whether a code exists) for a wrong, disabled or
 * undelivered code, counted as a wrong guess.
 */
export async function checkCode(
  db: Db,
  limiter: RateLimiter,
  ip: string | undefined,
  typed: string,
): Promise<{ card: GiftCardRow; codeHash: string }> {
  const key = keyOf(ip);
  const verdict = await limiter.reserve(key, WRONG_CODE_BACKOFF);
  if (!verdict.allowed)
    throw new TooManyRequests(GIFT_CARD_TEXTS.throttled, verdict.retryAfterSeconds);
  const codeHash = hashTypedCode(typed);
  const card = codeHash ? await usableCard(db, codeHash) : undefined;
  if (!card || !codeHash) throw new AppError('INVALID_DATA', GIFT_CARD_TEXTS.codeRefused);
  await limiter.release(key, WRONG_CODE_BACKOFF);
  return { card, codeHash };
}
