import { useState, type ReactNode } from 'react';
import { useApiGet } from '../../lib/use-api-get';
import { useSignedInOrLogin } from '../account/useSignedIn';
import styles from './Admin.module.css';
import { SHOP_TIME_ZONE } from '../../../core/shop-calendar';

export const ADMIN_TEXT = {
  checking: 'Checking your access...',
  redirecting: 'Taking you to the login page...',
  refused: 'This page is for the shop owner only.',
  failed: 'The back office could not be reached. Please try again.',
} as const;

type State = 'checking' | 'ready' | 'refused' | 'failed';

/**
 * The back office's guard, like the account pages' (RequireSession): signed out goes to /login and
 * back; signed in, the page shows only once the server says this account is an admin (the server
 * checks the role again on every call).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const isLoggedIn = useSignedInOrLogin();
  const [state, setState] = useState<State>('checking');

  useApiGet<{ admin: boolean }>(isLoggedIn ? '/admin/access' : null, (result) => {
    if (result.ok) setState(result.data.admin ? 'ready' : 'refused');
    else if (result.status === 403) setState('refused');
    else if (result.status !== 401) setState('failed');
  });

  if (!isLoggedIn) return <p>{ADMIN_TEXT.redirecting}</p>;
  if (state === 'checking') return <p role="status">{ADMIN_TEXT.checking}</p>;
  if (state === 'refused' || state === 'failed') {
    return (
      <p className={styles.error} role="alert">
        {state === 'refused' ? ADMIN_TEXT.refused : ADMIN_TEXT.failed}
      </p>
    );
  }
  return (
    <>
      <nav aria-label="Back office">
        <ul className={styles.nav}>
          <li>
            <a href="/admin">Dashboard</a>
          </li>
          <li>
            <a href="/admin/orders">Orders</a>
          </li>
          <li>
            <a href="/admin/inbox">Inbox</a>
          </li>
          <li>
            <a href="/admin/customers">Customers</a>
          </li>
          <li>
            <a href="/admin/products">Stock</a>
          </li>
          <li>
            <a href="/admin/tax">Sales tax</a>
          </li>
          <li>
            <a href="/admin/giftcards">Gift cards</a>
          </li>
          <li>
            <a href="/admin/discounts">Discount codes</a>
          </li>
          <li>
            <a href="/admin/arrival">Arrival dates</a>
          </li>
        </ul>
      </nav>
      {children}
    </>
  );
}

/** A moment as the back office shows it: the shop's day and time (Pacific), whatever the browser's zone. */
export const when = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: SHOP_TIME_ZONE,
      })
    : '';
