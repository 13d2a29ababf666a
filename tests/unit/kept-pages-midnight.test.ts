import { describe, expect, it } from 'vitest';
import type { CatalogueModel } from '../../api/modules/catalogue';
import { createPageCache, untilShopMidnight } from '../../server/pages/kept-pages';

// A product page's "Arrives … if ordered today" and the notice bar's cut-offs are counted from the
// shop day it was rendered on (issue 41): a kept page is never served after midnight, shop time.
const catalogue = {
  productVersion: (id: string) => (id === 'mug' ? 'v1' : undefined),
  shelvesVersion: () => 's1',
} as unknown as CatalogueModel;

function cacheAt(clock: { at: Date; settings?: string }) {
  let renders = 0;
  const cache = createPageCache(async () => catalogue, {
    now: () => clock.at,
    settingsVersion: async () => clock.settings ?? 'a',
  });
  const url = new URL('http://localhost/productdetailpage/mug');
  const visit = (headers: Record<string, string> = {}) =>
    cache.keepRendered(url, new Request(url, { headers }), async () => {
      renders += 1;
      return new Response(`<p>render ${renders}</p>`, {
        headers: { 'content-type': 'text/html' },
      });
    });
  return { visit, renders: () => renders, cache, url };
}

describe('kept catalogue pages and the shop day', () => {
  it('serves the kept page until midnight in Los Angeles, then renders it anew', async () => {
    // 23:59 on Dec 1 in Los Angeles (PST, UTC-8) is 07:59 UTC on Dec 2.
    const clock = { at: new Date('2026-12-02T07:59:00Z') };
    const { visit, renders } = cacheAt(clock);
    const first = await visit();
    expect(await first.text()).toBe('<p>render 1</p>');
    clock.at = new Date('2026-12-02T07:59:59Z');
    expect(await (await visit()).text()).toBe('<p>render 1</p>');
    expect(renders()).toBe(1);
    // 00:00:01 on Dec 2, shop time.
    clock.at = new Date('2026-12-02T08:00:01Z');
    const after = await visit();
    expect(await after.text()).toBe('<p>render 2</p>');
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it("answers yesterday's ETag with the page, not a 304", async () => {
    const clock = { at: new Date('2026-12-02T07:00:00Z') };
    const { visit } = cacheAt(clock);
    const etag = (await visit()).headers.get('etag')!;
    expect((await visit({ 'if-none-match': etag })).status).toBe(304);
    clock.at = new Date('2026-12-02T09:00:00Z');
    const next = await visit({ 'if-none-match': etag });
    expect(next.status).toBe(200);
  });

  it('the server entry no longer answers the kept page after midnight', async () => {
    const clock = { at: new Date('2026-12-02T07:00:00Z') };
    const { visit, cache, url } = cacheAt(clock);
    await visit();
    expect((await cache.keptPage(url, undefined))?.status).toBe(200);
    clock.at = new Date('2026-12-02T08:00:00Z');
    expect(await cache.keptPage(url, undefined)).toBeUndefined();
  });

  it("renders the page anew when the owner's arrival settings change (a closure, an occasion)", async () => {
    const clock = { at: new Date('2026-12-02T07:00:00Z'), settings: 'a' };
    const { visit, renders } = cacheAt(clock);
    await visit();
    await visit();
    expect(renders()).toBe(1);
    clock.settings = 'b';
    expect(await (await visit()).text()).toBe('<p>render 2</p>');
  });

  it('counts the time to midnight in shop time, summer and winter', () => {
    // 22:00 PDT (UTC-7) on Jul 1 is 05:00 UTC on Jul 2: two hours to go.
    expect(untilShopMidnight(new Date('2026-07-02T05:00:00Z'))).toBe(2 * 3_600_000);
    // 22:00 PST (UTC-8) on Dec 1 is 06:00 UTC on Dec 2.
    expect(untilShopMidnight(new Date('2026-12-02T06:00:00Z'))).toBe(2 * 3_600_000);
    // The night the clocks go back (Nov 1, 2026): 23:00 PST is 07:00 UTC on Nov 2.
    expect(untilShopMidnight(new Date('2026-11-02T07:00:00Z'))).toBe(3_600_000);
  });
});
