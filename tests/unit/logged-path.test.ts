import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../api/lib/logged-path';
import { randomToken } from '../../api/lib/tokens';

describe('what the request log writes of an address', () => {
  const token = randomToken();

  it('never a download token', () => {
    expect(loggedPath(`/api/downloads/${token}`)).toBe('/api/downloads/:token');
    expect(loggedPath(`/api/downloads/${token}/`)).toBe('/api/downloads/:token');
    // Whatever a link holds in that place, even when it is not a well-formed token.
    expect(loggedPath('/api/downloads/abc')).toBe('/api/downloads/:token');
    for (const route of [
      '/api/downloads/mine',
      '/api/downloads/request',
      '/api/downloads/reissue',
    ]) {
      expect(loggedPath(route)).toBe(route);
    }
  });

  it('never a query: verification and reset links carry a token and an email there', () => {
    const query = `?token=${token}&email=ann%40example.com`;
    expect(loggedPath(`/verifyemail${query}`)).toBe('/verifyemail');
    expect(loggedPath(`/resetpassword${query}`)).toBe('/resetpassword');
    expect(loggedPath(`/api/auth/verify-email${query}`)).toBe('/api/auth/verify-email');
  });

  it('no token anywhere else either, and every other path as it is', () => {
    expect(loggedPath(`/api/other/${token}/x`)).toBe('/api/other/:token/x');
    for (const path of [
      '/',
      '/products/Yoga/',
      '/productdetailpage/8f14e45f-ceea-467f-a8b1-2f6f2f0c5a8d',
      '/blog/what-to-get-the-person-who-has-everything',
      '/download/expired',
    ]) {
      expect(loggedPath(path)).toBe(path);
    }
  });
});
