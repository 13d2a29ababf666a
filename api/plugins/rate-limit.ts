import { Elysia } from 'elysia';
import { clientIp } from '../lib/client-ip';
import { ipLimitKey } from '../lib/ip-limit-key';
import { TooManyRequests } from '../lib/errors';
import type { RateLimiter, WindowRule } from '../lib/rate-limit';

/** What a rule's key is made from: the validated body and the request with its network address. */
export interface RateLimitInput {
  body: unknown;
  request: Request;
  /** The client's network address (`clientIp`); undefined where the server cannot know it. */
  ip: string | undefined;
}

/**
 * One limit on a route: `name` keeps its counters apart from other rules', `key` says whose
 * requests are counted together (an address, an email; undefined or empty skips the rule for
 * this request), and `message` is the sentence a refused shopper reads.
 */
export interface RateRule extends WindowRule {
  name: string;
  key: (input: RateLimitInput) => string | undefined | null;
  message: string;
}

/**
 * Counts a request against each rule in turn; the first rule over its limit refuses it. A rule's
 * `ip` is the address's limit key: an IPv6 address counts with the rest of its /64 (issue 36).
 */
export async function enforceRateRules(
  limiter: RateLimiter,
  rules: readonly RateRule[],
  input: RateLimitInput,
): Promise<void> {
  const counted = { ...input, ip: ipLimitKey(input.ip) };
  for (const rule of rules) {
    const key = rule.key(counted);
    if (!key) continue;
    const verdict = await limiter.hit(`${rule.name}:${key.toLowerCase()}`, rule);
    if (!verdict.allowed) throw new TooManyRequests(rule.message, verdict.retryAfterSeconds);
  }
}

/**
 * The rate-limit plugin: `.use(rateLimit(limiter))`, then a route option
 * `rateLimit: [rule, …]`. The rules run after the body is validated, so a rule may count by a
 * field of it (an email) as well as by network address; an invalid request is not counted.
 */
export const rateLimit = (limiter: RateLimiter) =>
  new Elysia({ name: 'rate-limit' }).macro({
    rateLimit: (rules: readonly RateRule[]) => ({
      async beforeHandle({ body, request }) {
        await enforceRateRules(limiter, rules, { body, request, ip: clientIp(request) });
      },
    }),
  });

export type RateLimitPlugin = ReturnType<typeof rateLimit>;
