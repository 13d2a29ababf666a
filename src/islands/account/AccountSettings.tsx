import { useStore } from '@nanostores/react';
import { $auth } from '../../stores/auth';
import { useHydrated } from '../shared/useHydrated';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { RequireSession } from './RequireSession';
import { ACCOUNT_TEXT } from './messages';
import styles from '../shared/Account.module.css';

/** Where the profile form will be, as tall as it, so the password form below does not move. */
const profilePending = (
  <div className={`${styles.section} ${styles.profilePending}`}>
    <p className={styles.hint} role="status">
      {ACCOUNT_TEXT.loading}
    </p>
  </div>
);

/**
 * spec §2 /account: profile edit and change password, behind the login guard. The profile holds
 * the account's names, so it waits for the server to confirm the session; the password form holds
 * nothing of the account, so it is rendered on the server and keeps what a shopper types (and a
 * submit pressed) before the script arrives (issue 13 point 10). A shopper known to be signed out
 * once hydrated goes to /login through RequireSession.
 */
export default function AccountSettings() {
  const hydrated = useHydrated();
  const { isLoggedIn, user } = useStore($auth);
  if (hydrated && !isLoggedIn) return <RequireSession>{() => null}</RequireSession>;
  return (
    <>
      {hydrated ? (
        <RequireSession pending={profilePending}>
          {(confirmed) => <ProfileForm user={confirmed} />}
        </RequireSession>
      ) : (
        profilePending
      )}
      <ChangePasswordForm username={hydrated ? (user?.username ?? '') : ''} />
    </>
  );
}
