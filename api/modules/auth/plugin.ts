import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { accessTokens, type AccessTokens } from '../../lib/access-token';
import { AppError } from '../../lib/errors';
import { AUTH_MESSAGES } from '../../../core/auth/model';
import { userOfSession } from './sessions';

/**
 * The signed-in shopper, for any module. Use the plugin, then mark a route:
 *
 *   new Elysia({ prefix: '/user' })
 *     .use(auth)
 *     .get('/me', ({ user }) => toUserDto(user.row), { auth: true })           // 401 when signed out
 *     .post('/contact', ({ user }) => user?.email ?? …, { optionalAuth: true }) // user or null
 *
 * `auth` comes from `createApp` (one per app: `authPlugin({ db, secret, siteUrl })`) and is
 * handed to the modules that need it, like the rate-limit plugin. A request is signed in when it
 * carries `Authorization: Bearer <access token>` with a valid token (HS256 pinned, every claim
 * checked, see `api/lib/access-token.ts`) whose session is still alive: not logged out, not ended
 * by a password change, not expired. Any other request is refused before Elysia reads its body
 * (see `guard`); a guarded route must not set `parse: 'json'`, which Elysia would keep instead of
 * the guard's parse hook.
 */
export interface SignedInUser {
  id: string;
  /** The account's email address (lower-cased). */
  email: string;
  firstname: string;
  lastname: string;
  role: UserRow['role'];
  /** The session family the access token belongs to. */
  sessionId: string;
  /** The full row, for services that need more (never send it: it holds the hash). */
  row: UserRow;
}

export interface AuthSettings {
  db: Db;
  secret: string;
  /** PUBLIC_SITE_URL without a trailing slash: the tokens' issuer and audience. */
  siteUrl: string;
  /** The time access tokens are verified at (tests move it on). */
  now?: () => Date;
}

/** The bearer token of a request, if any. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The signed-in user of a request, or null (no token, an invalid one, or an ended session). */
export async function signedInUser(
  db: Db,
  tokens: AccessTokens,
  request: Request,
): Promise<SignedInUser | null> {
  const claims = await tokens.verify(bearerToken(request));
  if (!claims) return null;
  const row = await userOfSession(db, claims);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    role: row.role,
    sessionId: claims.sid,
    row,
  };
}

/** `signedInUser`, worked out once per request however many hooks ask. */
function usersOfRequests(db: Db, tokens: AccessTokens) {
  const known = new WeakMap<Request, Promise<SignedInUser | null>>();
  return (request: Request): Promise<SignedInUser | null> => {
    let user = known.get(request);
    if (!user) {
      user = signedInUser(db, tokens, request);
      known.set(request, user);
    }
    return user;
  };
}

/** The signed-in user, or the 401 a route that needs one answers. */
function required(user: SignedInUser | null): SignedInUser {
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionEnded);
  return user;
}

/**
 * The body a refused request gets instead of its own, which is never read. Only `transform`
 * looks at it, to throw the refusal.
 */
const UNREAD_BODY = null;

/**
 * A route guard as macro hooks. `check` answers what the handler gets (`{ user }`) or throws the
 * refusal; it runs as early as Elysia lets a route run anything:
 *
 * - `parse`, the first stage of a route, before Elysia reads the body: a refused request's body is
 *   never read, parsed or validated (issue 22: anonymous 14 MB uploads were parsed before the 401).
 *   A parse hook cannot answer the refusal itself (Elysia turns anything thrown there into a 400),
 *   so it hands over an unread stand-in body and
 * - `transform`, before validation, throws it. Routes without a body (GET) start here.
 * - `resolve` gives the handler the typed result.
 *
 * Elysia keeps a route's own `parse: 'json'` instead of a macro's parse hook, so a guarded route
 * leaves the parser to the content type (sameSiteJson only lets JSON through).
 */
function guard<T extends Record<string, unknown>>(check: (request: Request) => Promise<T>) {
  return {
    async parse({ request }: { request: Request }) {
      try {
        await check(request);
        return undefined;
      } catch {
        return UNREAD_BODY;
      }
    },
    async transform({ request }: { request: Request }) {
      await check(request);
    },
    resolve: ({ request }: { request: Request }) => check(request),
  };
}

export const authPlugin = ({ db, secret, siteUrl, now }: AuthSettings) => {
  const tokens = accessTokens({ secret, siteUrl, now });
  const userOf = usersOfRequests(db, tokens);
  return new Elysia({ name: 'auth' }).decorate('accessTokens', tokens).macro({
    /** `auth: true`: the route needs a signed-in user (`user`); otherwise 401. */
    auth: guard(async (request) => ({ user: required(await userOf(request)) })),
    /**
     * `optionalAuth: true`: `user` is the signed-in user, or null for a request without a token.
     * A token that is refused (expired, tampered, its session ended) answers 401 like `auth`, so
     * the browser renews the session instead of being taken for a guest.
     */
    optionalAuth: guard(async (request) => {
      const user = await userOf(request);
      if (!user && bearerToken(request) !== undefined) {
        throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionEnded);
      }
      return { user };
    }),
  });
};

export type AuthPlugin = ReturnType<typeof authPlugin>;

/** The answer to a signed-in user who is not an admin on an `/api/admin/*` route. */
export const ADMIN_ONLY_MESSAGE = 'This page is for the shop owner only.';

/**
 * The back office's guard (issue 14), a plugin of its own beside `authPlugin`:
 *
 *   new Elysia({ prefix: '/admin' }).use(adminAuth).get('/orders', ({ user }) => …, { admin: true })
 *
 * `admin: true` needs a signed-in admin (`user`): 401 without a valid session, 403 for any other
 * role. The role is read from the database on every request (the session lookup reads the user
 * row), so a demoted admin is refused on the very next request. `adminAccess: true` only asks
 * whether the signed-in user is an admin (the header's menu asks it of customers too).
 */
export const adminAuthPlugin = ({ db, secret, siteUrl, now }: AuthSettings) => {
  const tokens = accessTokens({ secret, siteUrl, now });
  const userOf = usersOfRequests(db, tokens);
  return new Elysia({ name: 'admin-auth' }).macro({
    admin: guard(async (request) => {
      const user = required(await userOf(request));
      if (user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
      return { user };
    }),
    /** Any signed-in user (401 without a session), with whether they are an admin. */
    adminAccess: guard(async (request) => ({
      isAdmin: required(await userOf(request)).role === 'admin',
    })),
  });
};

export type AdminAuthPlugin = ReturnType<typeof adminAuthPlugin>;
