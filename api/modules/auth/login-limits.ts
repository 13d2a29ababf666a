import { TooManyRequests } from '../../lib/errors';
import type { BackoffRule, RateLimiter } from '../../lib/rate-limit';
import { ipLimitKey } from '../../lib/ip-limit-key';

/**
 * Failed logins slow down, never lock out (DECISIONS "Passwords", issue 10, issue 22 rows 4 and 9):
 * after the free failures each one doubles the wait, up to an hour. Each attempt is taken from
 * the budgets before its password is checked, so attempts sent together are counted one by one.
 *
 * - `accountAddress`: one account from one network address, the owner's own typos or one
 *   attacker's guesses. A stranger who knows the owner's email slows only their own address.
 * - `address`: one network address, whatever the accounts it tries.
 * - `account`: one account from every address. Past its free failures the account is under
 *   attack (for a wait that doubles with each further failure) and each address gets one attempt
 *   before its own wait begins: guessing from many addresses slows down, while the first attempt
 *   of an address that has not failed, the owner's right password, always goes through.
 */
export const LOGIN_BACKOFF = {
  accountAddress: { free: 5, baseSeconds: 30, maxSeconds: 3600, forgetAfterSeconds: 24 * 3600 },
  address: { free: 20, baseSeconds: 30, maxSeconds: 3600, forgetAfterSeconds: 24 * 3600 },
  account: { free: 20, baseSeconds: 15 * 60, maxSeconds: 24 * 3600, forgetAfterSeconds: 24 * 3600 },
} as const satisfies Record<string, BackoffRule>;

/** An account under attack: one attempt from an address before its wait begins. */
const UNDER_ATTACK: BackoffRule = { ...LOGIN_BACKOFF.accountAddress, free: 0 };

/** The keys login attempts are counted under (no address: where the server cannot know it). */
function loginKeys(email: string, ip: string | undefined) {
  const account = email.toLowerCase();
  const address = ipLimitKey(ip)?.toLowerCase();
  return {
    accountAddress: `login.account-address:${account}|${address ?? 'unknown'}`,
    address: address ? `login.address:${address}` : undefined,
    account: `login.account:${account}`,
  };
}

function waitSentence(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60 ? `${seconds} seconds` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many unsuccessful attempts to log in. Please wait ${wait}, then try again.`;
}

const tooMany = (verdict: { retryAfterSeconds: number }) =>
  new TooManyRequests(waitSentence(verdict.retryAfterSeconds), verdict.retryAfterSeconds);

/**
 * Takes this attempt from the address's and the account-and-address budgets, or refuses with a
 * 429 while either waits out a backoff. Answers how to settle the attempt once its password has
 * been checked.
 */
export async function takeLoginAttempt(
  limiter: RateLimiter,
  email: string,
  ip: string | undefined,
) {
  const keys = loginKeys(email, ip);
  const underAttack = !(await limiter.blocked(keys.account)).allowed;
  const pairRule = underAttack ? UNDER_ATTACK : LOGIN_BACKOFF.accountAddress;
  if (keys.address) {
    const verdict = await limiter.reserve(keys.address, LOGIN_BACKOFF.address);
    if (!verdict.allowed) throw tooMany(verdict);
  }
  const verdict = await limiter.reserve(keys.accountAddress, pairRule);
  if (!verdict.allowed) {
    // Not made after all: the address gets its attempt back.
    if (keys.address) await limiter.release(keys.address, LOGIN_BACKOFF.address);
    throw tooMany(verdict);
  }
  return {
    /** The attempts taken stay counted as failures; the account counts one more. */
    failed: () => limiter.fail(keys.account, LOGIN_BACKOFF.account),
    /** This address's failures for the account are forgotten; the address gets its attempt back. */
    succeeded: async () => {
      await limiter.reset(keys.accountAddress);
      if (keys.address) await limiter.release(keys.address, LOGIN_BACKOFF.address);
    },
  };
}
