import type { UserDto } from '../../../core/user/model';
import { signIn } from '../../../src/stores/auth';

/** The signed-in shopper of the account tests, as GET /user/me answers. */
export const FERN: UserDto = {
  username: 'fern@example.com',
  firstname: 'Fern',
  lastname: 'Gully',
  verifiedemail: true,
};

/** A session in this browser, as a login leaves it (the token is opaque to the page). */
export function signedIn(user: UserDto = FERN): void {
  signIn('test-access-token', user);
}
