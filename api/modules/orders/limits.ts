import type { BackoffRule, RateLimiter } from '../../lib/rate-limit';
import { TooManyRequests } from '../../lib/errors';
import type { RateRule } from '../../plugins/rate-limit';
import { ipLimitKey } from '../../lib/ip-limit-key';

/** Abuse limits of the order routes (README "Rate limits"). */
export const ORDER_LIMIT_MESSAGES = {
  confirm:
    'Too many attempts to place an order. Please wait a few minutes before trying again, or contact us.',
  declines: 'Too many declined cards. Please wait before trying again, or contact your bank or us.',
  quote: 'Too many requests for prices. Please wait a minute before trying again.',
} as const;

const perTenMinutes = (limit: number) => ({ limit, windowSeconds: 10 * 60 });

/** Order confirmations: per network address and per guest email. */
export const ORDER_CONFIRM_RULES: readonly RateRule[] = [
  {
    name: 'orders.confirm.ip',
    ...perTenMinutes(20),
    key: ({ ip }) => ip,
    message: ORDER_LIMIT_MESSAGES.confirm,
  },
  {
    name: 'orders.confirm.email',
    ...perTenMinutes(10),
    key: ({ body }) => (body as { guestContact?: { email?: string } }).guestContact?.email,
    message: ORDER_LIMIT_MESSAGES.confirm,
  },
];

/** The review page's quotes: per network address. */
export const ORDER_QUOTE_RULES: readonly RateRule[] = [
  {
    name: 'orders.quote.ip',
    limit: 120,
    windowSeconds: 60,
    key: ({ ip }) => ip,
    message: ORDER_LIMIT_MESSAGES.quote,
  },
];

/**
 * Card testing: after two declined cards from one address or one email, each further decline
 * doubles the wait before the next confirmation (30 s, 1 min, 2 min, … at most an hour).
 */
export const DECLINE_BACKOFF: BackoffRule = {
  free: 2,
  baseSeconds: 30,
  maxSeconds: 3600,
  forgetAfterSeconds: 6 * 3600,
};

/** Declines counted per address (an IPv6 /64 as one, as every limit: issue 36) and per email. */
const declineKeys = (ip: string | undefined, email: string | undefined) =>
  [
    ip && `orders.declines.ip:${ipLimitKey(ip)}`,
    email && `orders.declines.email:${email.toLowerCase()}`,
  ].filter((key): key is string => Boolean(key));

/** Refuses (429) a confirmation from an address or email waiting out its declines. */
export async function assertNotCardTesting(
  limiter: RateLimiter,
  ip: string | undefined,
  email: string | undefined,
): Promise<void> {
  for (const key of declineKeys(ip, email)) {
    const verdict = await limiter.blocked(key);
    if (!verdict.allowed) {
      throw new TooManyRequests(ORDER_LIMIT_MESSAGES.declines, verdict.retryAfterSeconds);
    }
  }
}

/** Counts a declined card against the address and the email. */
export async function recordDecline(
  limiter: RateLimiter,
  ip: string | undefined,
  email: string | undefined,
): Promise<void> {
  for (const key of declineKeys(ip, email)) await limiter.fail(key, DECLINE_BACKOFF);
}
