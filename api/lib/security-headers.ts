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
 * The CSP header for a page. Astro's own policy (script and style hashes) is kept and completed;
 * without it (prerendered files, whose hashes travel in a <meta> tag) scripts and styles fall back
 * to 'self' plus inline, which the <meta> policy then narrows to the hashed ones.
 */
export function pageContentSecurityPolicy(astroPolicy?: string | null): string {
  const own = PAGE_CSP_DIRECTIVES.join('; ');
  if (astroPolicy && astroPolicy.trim()) {
    return `${astroPolicy.trim().replace(/;\s*$/, '')}; ${own}`;
  }
  return `${own}; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'`;
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers, contentSecurityPolicy: string): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  headers.set('Content-Security-Policy', contentSecurityPolicy);
}
