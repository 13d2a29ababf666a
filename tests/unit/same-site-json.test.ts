import { Elysia } from 'elysia';
import { describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { errorPlugin } from '../../api/plugins/errors';
import { SAME_SITE_MESSAGES, sameSiteJson } from '../../api/plugins/same-site-json';

const app = new Elysia({ prefix: '/api' })
  .use(errorPlugin)
  .use(sameSiteJson)
  .post('/act', () => ({ ok: true }));

function post(origin: string | undefined, url = 'http://shop.internal:8080/api/act') {
  return app.handle(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: '{}',
    }),
  );
}

describe('the Origin check', () => {
  const site = new URL(config().siteUrl).origin;

  it("accepts PUBLIC_SITE_URL's origin, and a request with no Origin", async () => {
    expect((await post(site)).status).toBe(200);
    expect((await post(undefined)).status).toBe(200);
  });

  it('refuses the origin the request was made to when it is not the public address', async () => {
    // A client chooses the Host header, so "the same origin as the request" proves nothing.
    const response = await post('http://shop.internal:8080');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: SAME_SITE_MESSAGES.origin });
    expect((await post('https://evil.example')).status).toBe(403);
  });
});
