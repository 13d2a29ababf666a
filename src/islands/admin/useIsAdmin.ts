import { useEffect, useRef, useState } from 'react';
import { lazyApi } from '../../lib/lazy-api';

/**
 * Whether the signed-in user is an admin, asked of the server (GET /api/admin/access) the first
 * time the menu opens, so the header shows an Admin item to the owner only and a customer's page
 * asks at most once.
 */
export function useIsAdmin(loggedIn: boolean, ask: boolean): boolean {
  const [admin, setAdmin] = useState(false);
  const asked = useRef(false);
  useEffect(() => {
    if (!loggedIn || !ask || asked.current) return;
    asked.current = true;
    void lazyApi()
      .then((api) => api.get<{ admin: boolean }>('/admin/access', { renew: false }))
      .then((result) => setAdmin(result.ok && result.data.admin));
  }, [loggedIn, ask]);
  return loggedIn && admin;
}
