import { useState, type ReactNode } from 'react';
import type { UserDto } from '../../../core/user/model';
import { useApiGet } from '../../lib/use-api-get';
import { updateUser } from '../../stores/auth';
import { useSignedInOrLogin } from './useSignedIn';
import { ACCOUNT_TEXT } from './messages';
import styles from '../shared/Account.module.css';

type State = { kind: 'checking' } | { kind: 'ready'; user: UserDto } | { kind: 'failed' };

/**
 * The account routes' guard (spec §2 Access, DECISIONS "Account guard"): a signed-out shopper goes
 * to /login, which brings them back here after logging in. A signed-in one sees the page only
 * once the server has confirmed the session (GET /user/me, renewed through the API client if the
 * token has expired), so nothing of an account shows before the session is known. It renders only
 * in the browser (client:only islands, or once hydrated), so the server's HTML holds nothing of
 * the account either.
 */
export function RequireSession({
  children,
  pending,
}: {
  children: (user: UserDto) => ReactNode;
  /** What shows while the session is checked; a loading line by default. */
  pending?: ReactNode;
}) {
  const isLoggedIn = useSignedInOrLogin();
  const [state, setState] = useState<State>({ kind: 'checking' });

  useApiGet<UserDto>(isLoggedIn ? '/user/me' : null, (result) => {
    if (result.ok) {
      updateUser(result.data);
      setState({ kind: 'ready', user: result.data });
    } else if (result.status !== 401) {
      setState({ kind: 'failed' });
    }
    // A 401 here means the refresh was refused too: the API client is on its way to /login.
  });

  if (!isLoggedIn) return <p className={styles.hint}>{ACCOUNT_TEXT.redirecting}</p>;
  if (state.kind === 'checking') {
    if (pending !== undefined) return <>{pending}</>;
    return (
      <p className={styles.hint} role="status">
        {ACCOUNT_TEXT.loading}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className={styles.error} role="alert">
        <p>{ACCOUNT_TEXT.loadFailed}</p>
      </div>
    );
  }
  return <>{children(state.user)}</>;
}
