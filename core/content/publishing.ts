import { shopDayOf } from '../shop-calendar';

/**
 * When an article is on the site (issue 38): never while it is a draft, and from its date on, as
 * the shop's calendar counts days (America/Los_Angeles), decided at each request so a scheduled
 * article appears on its day by itself. `npm run dev` shows drafts and scheduled articles too, each
 * with a banner (src/pages/blog/[slug].astro).
 */
export interface Publishable {
  draft: boolean;
  /** The frontmatter's `date: YYYY-MM-DD` (a UTC midnight as Astro reads it). */
  date: Date;
}

/** The article's day as written in its frontmatter: "2025-10-15". */
export const articleDay = (date: Date): string => date.toISOString().slice(0, 10);

export function isPublished(article: Publishable, now: Date): boolean {
  return !article.draft && articleDay(article.date) <= shopDayOf(now);
}

/** What an editor's preview says above an article the public does not see yet, if anything. */
export function previewBanner(article: Publishable, now: Date): string | undefined {
  if (article.draft) return 'Draft: only npm run dev shows this article; the site never does.';
  if (!isPublished(article, now)) {
    return `Scheduled: this article appears on ${articleDay(article.date)} (shop calendar).`;
  }
  return undefined;
}
