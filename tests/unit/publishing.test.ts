import { describe, expect, it } from 'vitest';
import { isPublished, previewBanner } from '../../core/content/publishing';

/**
 * Issue 38: drafts are never on the site; a scheduled article appears on its day as the shop's
 * calendar (America/Los_Angeles) counts it, decided at each request with the clock it is given.
 */

// `date: 2026-12-01` as Astro reads it.
const scheduled = { draft: false, date: new Date('2026-12-01T00:00:00.000Z') };

describe('when an article is on the site', () => {
  it('a scheduled article appears when the clock reaches its day in Washington, not in UTC', () => {
    // 8 pm on Nov 30 in Seattle is already Dec 1 in UTC: still Nov 30 for the shop.
    expect(isPublished(scheduled, new Date('2026-12-01T04:00:00Z'))).toBe(false);
    expect(previewBanner(scheduled, new Date('2026-12-01T04:00:00Z'))).toBe(
      'Scheduled: this article appears on 2026-12-01 (shop calendar).',
    );
    // Just after midnight in Seattle (08:00 UTC in winter).
    expect(isPublished(scheduled, new Date('2026-12-01T08:01:00Z'))).toBe(true);
    expect(previewBanner(scheduled, new Date('2026-12-01T08:01:00Z'))).toBeUndefined();
  });

  it('a draft is never on the site, whatever its date', () => {
    const draft = { ...scheduled, draft: true };
    expect(isPublished(draft, new Date('2030-01-01T12:00:00Z'))).toBe(false);
    expect(previewBanner(draft, new Date('2030-01-01T12:00:00Z'))).toMatch(/^Draft: /);
  });
});
