import { useStore } from '@nanostores/react';
import { $auth } from '../../stores/auth';
import { AccountIcon } from './icons';
import { useHydrated } from '../shared/useHydrated';
import styles from './HeaderActions.module.css';

export const ACCOUNT_LINK_TEXT = {
  neutral: 'Account',
  signedIn: (firstname: string) => `Account, signed in${firstname ? ` as ${firstname}` : ''}`,
  signedOut: 'Login',
} as const;

/**
 * The account icon (issue 24 point 4). The server cannot know the session (it lives in browser
 * storage), so it renders a neutral link to /account, whose guard sends a signed-out shopper to
 * the login page and back; once hydrated the icon says which it is: a mark and the account for a
 * signed-in shopper, the login page for everyone else. Icon only, the same size in every state,
 * so nothing around it moves.
 */
export function AccountLink() {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const state = !hydrated ? 'neutral' : auth.isLoggedIn ? 'signed-in' : 'signed-out';
  const label =
    state === 'neutral'
      ? ACCOUNT_LINK_TEXT.neutral
      : state === 'signed-in'
        ? ACCOUNT_LINK_TEXT.signedIn(auth.user?.firstname ?? '')
        : ACCOUNT_LINK_TEXT.signedOut;
  return (
    <a
      className={styles.iconButton}
      href={state === 'signed-out' ? '/login' : '/account'}
      aria-label={label}
      title={label}
      data-session={state}
    >
      <AccountIcon />
      {state === 'signed-in' && <span className={styles.signedInMark} aria-hidden="true" />}
    </a>
  );
}
