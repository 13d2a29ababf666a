import { Elysia } from 'elysia';
import { sameSiteJson } from '../../plugins/same-site-json';
import { toUserDto } from '../auth';
import { addressBookRoutes } from './addresses';
import { storedCardRoutes, type UserModuleDeps } from './cards';
import { profileBody, type UserDto } from '../../../core/user/model';
import { updateProfile } from './service';

/** GET and PUT /user/me (spec §7): the signed-in shopper's profile, `{ username, firstname, lastname, verifiedemail }`. */
export const userModule = ({ db, auth, gateway }: UserModuleDeps) =>
  new Elysia({ name: 'user', prefix: '/user' })
    .use(sameSiteJson)
    .use(auth)
    .get('/me', ({ user }): UserDto => toUserDto(user.row), { auth: true })
    .put(
      '/me',
      async ({ body, user }): Promise<UserDto> => toUserDto(await updateProfile(db, user.id, body)),
      { body: profileBody, auth: true },
    )
    .use(addressBookRoutes({ db, auth }))
    .use(storedCardRoutes({ db, auth, gateway }));

// The public face (issue 37 point 1): what other modules may use.
export { keepCard, setUpCard, storedCardFor } from './cards';
