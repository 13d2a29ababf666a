import { api } from '../../lib/api-client';
import { clearSession } from '../../stores/auth';
import { SIGNED_OUT_KEY } from './signed-out';

/**
 * spec §4 Logout: ends the session on the server (its refresh family) and in this browser, and
 * leaves the mark for the home page's "You are signed out" notice; the caller then goes home.
 * Whatever the server answers, this browser forgets the session.
 */
export async function endSession(): Promise<void> {
  try {
    await api.post('/auth/logout', {}, { renew: false });
  } finally {
    clearSession();
    try {
      sessionStorage.setItem(SIGNED_OUT_KEY, 'yes');
    } catch {
      // Storage unavailable: the shopper is signed out all the same, without the notice.
    }
  }
}
