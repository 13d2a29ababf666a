/**
 * Stands for the public address (PUBLIC_SITE_URL) in files prerendered at build time; the
 * production server puts the running address in its place (server/static.ts). `.invalid` never
 * resolves, so a file served without the replacement cannot link anywhere real.
 */
export const SITE_URL_PLACEHOLDER = 'https://public-site-url.evergreen.invalid';
