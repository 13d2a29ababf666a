import { config } from '../config';

/**
 * Security headers for every response. Pages get a Content-Security-Policy that Astro completes
 * with the hashes of the scripts and styles it emits (experimental.csp); JSON gets a closed one.
 */

export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Directives every page carries besides Astro's script-src and style-src. */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * What Stripe Elements needs (Stripe's published CSP list for Stripe.js): its script, its card
 * iframes, its API. Added only when PAYMENT_PROVIDER=stripe; the sandbox needs none of it.
 */
export const STRIPE_CSP_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'img-src': ['https://*.stripe.com'],
};

/** Adds sources to the named directives of a policy, keeping everything else as it is. */
export function withCspSources(
  policy: string,
  sources: Readonly<Record<string, readonly string[]>>,
): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const name = directive.split(/\s+/, 1)[0]!;
      const extra = sources[name];
      return extra ? `${directive} ${extra.join(' ')}` : directive;
    })
    .join('; ');
}

function stripeIsActive(): boolean {
  return config().payments.provider === 'stripe';
}

/**
 * The CSP header for a page. Astro's own policy (script and style hashes) is kept and completed;
 * without it (prerendered files, whose hashes travel in a <meta> tag) scripts and styles fall back
 * to 'self' plus inline, which the <meta> policy then narrows to the hashed ones. In Stripe mode
 * the policy also lets Stripe Elements load.
 */
export function pageContentSecurityPolicy(
  astroPolicy?: string | null,
  options: { stripe?: boolean } = {},
): string {
  const own = PAGE_CSP_DIRECTIVES.join('; ');
  const policy =
    astroPolicy && astroPolicy.trim()
      ? `${astroPolicy.trim().replace(/;\s*$/, '')}; ${own}`
      : `${own}; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'`;
  return (options.stripe ?? stripeIsActive()) ? withCspSources(policy, STRIPE_CSP_SOURCES) : policy;
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers, contentSecurityPolicy: string): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  headers.set('Content-Security-Policy', contentSecurityPolicy);
}
