import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import {
  SUGGEST_MAX_CHARACTERS,
  SUGGEST_MAX_WORDS,
  SUGGEST_RATE,
  SUGGEST_TEXT,
  type SuggestAnswer,
} from '../../core/product/suggest';
import { useApi } from '../helpers/api';

/**
 * Issue 36 row 18: suggestions are bounded in cost. Text past 64 characters, and words past the
 * fifth, are not read (the header asks while the shopper types, so a long query still answers,
 * for its beginning); an address asks at most SUGGEST_RATE.limit times a minute.
 */
describe('GET /api/product/suggest is bounded in cost', () => {
  const api = useApi({ seed: true });
  const suggest = async (q: string, ip?: string) => {
    const response = await api.get(`/product/suggest?q=${encodeURIComponent(q)}`, {
      headers: ip ? { [CLIENT_IP_HEADER]: ip } : {},
    });
    return { status: response.status, body: (await response.json()) as SuggestAnswer };
  };

  it('reads only the first 64 characters', async () => {
    expect(SUGGEST_MAX_CHARACTERS).toBe(64);
    const mug = await suggest('mug');
    const padded = await suggest(`mug${' '.repeat(61)}blanket`);
    expect(padded.status).toBe(200);
    expect(padded.body).toEqual(mug.body);
    expect(mug.body.products.length).toBeGreaterThan(0);
  });

  it('reads only the first five words', async () => {
    expect(SUGGEST_MAX_WORDS).toBe(5);
    const five = 'mug mug mug mug mug';
    const answer = await suggest(`${five} zzzzqqqq`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await suggest(five)).body);
    expect(answer.body.products.length).toBeGreaterThan(0);
  });

  it('refuses an address past its limit a minute, with a clear sentence', async () => {
    const ip = '2001:db8:5:6::1';
    const statuses: number[] = [];
    for (let n = 0; n < SUGGEST_RATE.limit; n += 1) statuses.push((await suggest('mu', ip)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Another address of the same /64 counts with it.
    const refused = await api.get('/product/suggest?q=mug', {
      headers: { [CLIENT_IP_HEADER]: '2001:db8:5:6::2' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).error).toBe(SUGGEST_TEXT.tooMany);
    expect((await suggest('mug', '203.0.113.9')).status).toBe(200);
  });
});
