import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from '../../api/lib/security-headers';

const astroPolicy = "script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'";

describe('the page CSP and the payment gateway', () => {
  it('stays closed to Stripe with the sandbox gateway (the default)', () => {
    const policy = pageContentSecurityPolicy(astroPolicy);
    expect(policy).not.toContain('stripe.com');
    expect(policy).toContain("connect-src 'self'");
  });

  it('lets Stripe Elements load in Stripe mode, and nothing else', () => {
    const policy = pageContentSecurityPolicy(astroPolicy, { stripe: true });
    const directive = (name: string) =>
      policy.split('; ').find((entry) => entry.startsWith(`${name} `));
    expect(directive('script-src')).toBe(
      "script-src 'self' 'sha256-abc' https://js.stripe.com https://*.js.stripe.com",
    );
    expect(directive('frame-src')).toBe(
      "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(directive('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive('style-src')).toBe("style-src 'self' 'sha256-def'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
