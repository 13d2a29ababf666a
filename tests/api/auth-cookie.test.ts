import { describe, expect, it } from 'vitest';
import { refreshCookie } from '../../api/modules/auth/cookie';

describe('the refresh cookie', () => {
  it('is __Secure- prefixed and Secure when the shop is served over https', () => {
    const cookie = refreshCookie('https://shop.example');
    expect(cookie.set('abc', 60)).toBe(
      '__Secure-evergreen_refresh=abc; Max-Age=60; Path=/api/auth; HttpOnly; SameSite=Strict; Secure',
    );
    expect(cookie.clear()).toMatch(/^__Secure-evergreen_refresh=; Max-Age=0; .*; Secure$/);
    const request = new Request('https://shop.example/api/auth/refresh', {
      headers: { cookie: 'evergreen_refresh=plain; __Secure-evergreen_refresh=secure' },
    });
    expect(cookie.read(request)).toBe('secure');
  });

  it('has its plain name and no Secure flag over http (development)', () => {
    const cookie = refreshCookie('http://localhost:4321');
    expect(cookie.set('abc', 60)).toBe(
      'evergreen_refresh=abc; Max-Age=60; Path=/api/auth; HttpOnly; SameSite=Strict',
    );
    expect(cookie.read(new Request('http://localhost/', { headers: { cookie: 'a=1' } }))).toBe(
      undefined,
    );
  });
});
