import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config';

const SECRET = 'a-strong-secret-of-more-than-thirty-two-characters';

describe('ORDER_TEST_CRASH_AT', () => {
  it('is refused when NODE_ENV=production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ORDER_TEST_CRASH_AT: 'charged' }),
    ).toThrow(ConfigError);
  });

  it('names a known step in tests, and recovery age defaults to 10 minutes', () => {
    const settings = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: SECRET,
      ORDER_TEST_CRASH_AT: 'paid',
    });
    expect(settings.orders).toEqual({ testCrashAt: 'paid', recoveryAfterSeconds: 600 });
    expect(() =>
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, ORDER_TEST_CRASH_AT: 'nowhere' }),
    ).toThrow(ConfigError);
  });
});
