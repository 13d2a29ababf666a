/**
 * Pages rendered when served that a cache may keep but must check every time: what the static
 * files of the build are sent with (server/static.ts), for pages that were once prerendered.
 */
export const REVALIDATE_PAGE = 'public, max-age=0, must-revalidate';
