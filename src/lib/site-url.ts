/**
 * The shop's public address (PUBLIC_SITE_URL) for canonical links, og:url, JSON-LD, the sitemap,
 * the RSS feed and robots.txt, read when the page is served, so one build serves any address.
 *
 * - Pages rendered on request read PUBLIC_SITE_URL from the running server (`Astro.locals.shop`).
 * - Files prerendered at build time carry SITE_URL_PLACEHOLDER instead, which the production server
 *   replaces with the running PUBLIC_SITE_URL as it serves them (server/static.ts).
 */
import { SITE_URL_PLACEHOLDER } from './site-url-placeholder';

interface RenderContext {
  isPrerendered: boolean;
  locals: App.Locals;
  site: URL | undefined;
  url: URL;
}

/** The address to build absolute links from, for this render. */
export function publicSite({ isPrerendered, site, url, locals }: RenderContext): URL {
  if (isPrerendered) return import.meta.env.PROD ? new URL(SITE_URL_PLACEHOLDER) : (site ?? url);
  return new URL(locals.shop.siteUrl);
}
