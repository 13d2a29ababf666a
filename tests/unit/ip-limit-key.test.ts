import { describe, expect, it } from 'vitest';
import { ipLimitKey } from '../../api/lib/ip-limit-key';
import { enforceRateRules, type RateRule } from '../../api/plugins/rate-limit';
import type { RateLimiter, WindowRule } from '../../api/lib/rate-limit';

/** Issue 36 row 18: one subscriber's /64 is one address for per-address limits. */

const SIXTEEN = Array.from(
  { length: 16 },
  (_, n) => `2001:db8:abcd:12:${(n * 4099).toString(16)}:0:0:${n + 1}`,
);

/** Counts hits by key, as the database's limiter does within one window. */
function countingLimiter(): RateLimiter {
  const counts = new Map<string, number>();
  const hit = async (key: string, rule: WindowRule) => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts.get(key)! > rule.limit
      ? { allowed: false as const, retryAfterSeconds: 60 }
      : { allowed: true as const };
  };
  return { hit } as unknown as RateLimiter;
}

describe('per-address limit keys', () => {
  it('keys 16 addresses of one IPv6 /64 alike, and another /64 apart', () => {
    const keys = new Set(SIXTEEN.map(ipLimitKey));
    expect([...keys]).toEqual(['2001:db8:abcd:12::/64']);
    expect(ipLimitKey('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(ipLimitKey('2001:DB8:ABCD:0012::ffff')).toBe('2001:db8:abcd:12::/64');
    expect(ipLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(ipLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves IPv4 as it is and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(ipLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipLimitKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(ipLimitKey(undefined)).toBeUndefined();
  });

  it('a route limit of 10 an address refuses the 11th request from one /64', async () => {
    const limiter = countingLimiter();
    const rule: RateRule = {
      name: 'test.ip',
      limit: 10,
      windowSeconds: 3600,
      key: ({ ip }) => ip,
      message: 'Too many',
    };
    const outcomes: string[] = [];
    for (const ip of SIXTEEN) {
      const request = new Request('http://localhost/');
      outcomes.push(
        await enforceRateRules(limiter, [rule], { body: {}, request, ip }).then(
          () => 'ok',
          () => 'refused',
        ),
      );
    }
    expect(outcomes).toEqual([...Array(10).fill('ok'), ...Array(6).fill('refused')]);
  });
});
