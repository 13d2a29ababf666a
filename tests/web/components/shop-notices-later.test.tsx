import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillShopNotices } from '../../../src/components/shell/shop-notices-later';

/*
 * Issue 41 point 3: a prerendered page (FAQ, About, the policies) is built without the server, so
 * its notice bar asks for today's dated notices once it is open; it stays hidden with nothing to
 * say or when the server cannot answer.
 */

const bar = () => document.querySelector<HTMLElement>('[data-testid="shop-notices"]')!;
const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  document.body.innerHTML =
    '<div class="shop-notices" data-testid="shop-notices" data-later hidden></div>';
});
afterEach(() => vi.unstubAllGlobals());

describe("a prerendered page's notice bar", () => {
  it('shows each of today’s notices as written, as text', async () => {
    const fetch = answer({
      notices: [
        { kind: 'occasion', text: 'Order by Dec 13 for delivery by Christmas' },
        { kind: 'closure', text: 'Closed <b>Dec 24–26</b>' },
      ],
    });
    vi.stubGlobal('fetch', fetch);
    await fillShopNotices();
    expect(fetch).toHaveBeenCalledWith('/api/arrival/notices');
    expect(bar().hidden).toBe(false);
    expect([...bar().querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Order by Dec 13 for delivery by Christmas',
      'Closed <b>Dec 24–26</b>',
    ]);
    expect(bar().querySelector('b')).toBeNull();
  });

  it('stays hidden with nothing to say, or when the server cannot answer', async () => {
    for (const fetch of [
      answer({ notices: [] }),
      answer({ notices: [{ kind: 'occasion', text: 'Order by Dec 13' }] }, 503),
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
      vi.fn(async () => new Response('not json', { status: 200 })),
    ]) {
      vi.stubGlobal('fetch', fetch);
      await fillShopNotices();
      expect(bar().hidden).toBe(true);
      expect(bar().children).toHaveLength(0);
    }
  });

  it('leaves a page drawn by the server alone', async () => {
    document.body.innerHTML =
      '<div class="shop-notices" data-testid="shop-notices"><p>Closed Dec 24</p></div>';
    const fetch = answer({ notices: [] });
    vi.stubGlobal('fetch', fetch);
    await fillShopNotices();
    expect(fetch).not.toHaveBeenCalled();
    expect(bar().textContent).toBe('Closed Dec 24');
  });
});
