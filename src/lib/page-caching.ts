/**
 * Pages rendered when served that a cache may keep but must check every time: what the static
 * files of the build are sent with (server/static.ts), for pages that were once prerendered.
 */
export const REVALIDATE_PAGE = 'public, max-age=0, must-revalidate';

/**
 * The headers of a page an emailed link opens with its secret in the address (reset password,
 * verify email, a back-in-stock confirmation or stop): never cached, never passed on as a referrer.
 */
export function keepLinkPrivate(response: { headers: Headers }): void {
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('Referrer-Policy', 'no-referrer');
}
