import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSessionInBrowser } from '../../src/lib/api-client';
import { $auth, $jwt, currentToken, signIn } from '../../src/stores/auth';

/*
 * What the browser's client does when a refresh is refused (spec §4, §8): the session is cleared
 * and the shopper goes to /login, remembering the page, unless already on /login.
 */

const user = {
  username: 'fern@example.com',
  firstname: 'Fern',
  lastname: 'Gully',
  verifiedemail: true,
};

function at(pathname: string, search = '') {
  const assign = vi.fn();
  vi.stubGlobal('location', { pathname, search, assign });
  return assign;
}

afterEach(() => vi.unstubAllGlobals());

describe('the end of a session in the browser', () => {
  it('clears the session and goes to /login, remembering the page', () => {
    signIn('a.b.c', user);
    expect(currentToken()).toBe('a.b.c');
    const assign = at('/orders', '?page=2');
    endSessionInBrowser();
    expect($auth.get()).toEqual({ isLoggedIn: false, user: null });
    expect($jwt.get()).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/login?next=%2Forders%3Fpage%3D2');
  });

  it('does nothing more when the shopper is already on /login', () => {
    signIn('a.b.c', user);
    const assign = at('/login', '?next=%2Forders');
    endSessionInBrowser();
    expect($auth.get().isLoggedIn).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
