import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loginHref } from '../../lib/login-redirect';
import { $auth } from '../../stores/auth';

/**
 * Whether the shopper is signed in, for the account and back-office guards: a signed-out one goes
 * to /login, which brings them back to this page after logging in.
 */
export function useSignedInOrLogin(): boolean {
  const { isLoggedIn } = useStore($auth);
  useEffect(() => {
    if (!isLoggedIn) location.replace(loginHref(`${location.pathname}${location.search}`));
  }, [isLoggedIn]);
  return isLoggedIn;
}
