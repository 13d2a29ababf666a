import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { RequireSession } from './RequireSession';

/** spec §2 /account: profile edit and change password, behind the login guard. */
export default function AccountSettings() {
  return (
    <RequireSession>
      {(user) => (
        <>
          <ProfileForm user={user} />
          <ChangePasswordForm username={user.username} />
        </>
      )}
    </RequireSession>
  );
}
