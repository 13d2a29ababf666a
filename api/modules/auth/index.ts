import { Elysia, type Context } from 'elysia';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AccessTokens } from '../../lib/access-token';
import { bearerToken, type AuthPlugin, type SignedInUser } from './plugin';
import type { RateLimitPlugin, RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { ShopDetails } from '../mail';
import { refreshCookie, type RefreshCookie } from './cookie';
import {
  AUTH_MESSAGES,
  changePasswordBody,
  type ChangePasswordBody,
  emailBody,
  loginBody,
  type LoginBody,
  type EmailBody,
  registerBody,
  resetPasswordBody,
  verifyEmailQuery,
  type SessionAnswer,
} from '../../../core/auth/model';
import { toUserDto, type AuthDeps } from './accounts';
import { forgotPassword, resendVerification } from './links';
import { changePassword, login, resetPassword } from './passwords';
import { register, verifyEmail } from './register';
import { familyOfRefreshToken, refreshSession, revokeFamily, startSession } from './sessions';

/** Registrations one network address may make in an hour (issue 10). */
export const REGISTER_RATE_LIMIT = { registrations: 5, windowSeconds: 3600 } as const;
export const REGISTER_TOO_MANY =
  'You have created several accounts in a short time. Please wait an hour, then try again.';

export const REGISTER_RATE_RULES: readonly RateRule[] = [
  {
    name: 'auth.register.ip',
    limit: REGISTER_RATE_LIMIT.registrations,
    windowSeconds: REGISTER_RATE_LIMIT.windowSeconds,
    key: ({ ip }) => ip,
    message: REGISTER_TOO_MANY,
  },
];

/**
 * Emailed links one network address, and one target address, may ask for in an hour (issue 22
 * row 8). Counted for every address alike, known or not; the email itself is also limited to one
 * per 15 minutes, silently (ACCOUNT_MAIL_WINDOW_SECONDS).
 */
export const LINK_RATE_LIMIT = { perAddress: 5, perEmail: 5, windowSeconds: 3600 } as const;
export const LINK_TOO_MANY =
  'Several emails have been asked for in a short time. Please wait an hour, then try again.';

const linkRateRules = (name: 'forgot' | 'resend'): readonly RateRule[] => [
  {
    name: `auth.${name}.ip`,
    limit: LINK_RATE_LIMIT.perAddress,
    windowSeconds: LINK_RATE_LIMIT.windowSeconds,
    key: ({ ip }) => ip,
    message: LINK_TOO_MANY,
  },
  {
    name: `auth.${name}.email`,
    limit: LINK_RATE_LIMIT.perEmail,
    windowSeconds: LINK_RATE_LIMIT.windowSeconds,
    key: ({ body }) => (body as EmailBody).email,
    message: LINK_TOO_MANY,
  },
];

export interface AuthModuleDeps {
  db: Db;
  limiter: RateLimiter;
  limits: RateLimitPlugin;
  auth: AuthPlugin;
  shop: ShopDetails;
  onMailQueued?: () => void;
}

/**
 * The `/auth/*` calls of spec §7. Every answer is JSON: a success `{ message }` or
 * `{ token, user }`, a failure the one error shape `{ error, fields? }`. The refresh token travels
 * only in its HttpOnly cookie, never in a body.
 */
export const authModule = ({ db, limiter, limits, auth, shop, onMailQueued }: AuthModuleDeps) => {
  const deps: AuthDeps = { db, limiter, shop, onMailQueued };
  const routes: SessionRoutes = { deps, cookie: refreshCookie(shop.siteUrl) };

  return new Elysia({ name: 'auth-routes', prefix: '/auth' })
    .use(sameSiteJson)
    .use(limits)
    .use(auth)
    .post(
      '/register',
      async ({ body, set }) => {
        await register(deps, body);
        set.status = 201;
        return { message: AUTH_MESSAGES.registered };
      },
      { body: registerBody, parse: 'json', rateLimit: REGISTER_RATE_RULES },
    )
    .get(
      '/verify-email',
      async ({ query }) => {
        await verifyEmail(deps, query);
        return { message: AUTH_MESSAGES.verified };
      },
      { query: verifyEmailQuery },
    )
    .post(
      '/resend-verification',
      ({ body }) => {
        resendVerification(deps, body.email);
        return { message: AUTH_MESSAGES.verificationSent };
      },
      { body: emailBody, parse: 'json', rateLimit: linkRateRules('resend') },
    )
    .post(
      '/login',
      ({ body, request, set, accessTokens }) =>
        loginAnswer(routes, body, request, set, accessTokens),
      { body: loginBody, parse: 'json' },
    )
    .post('/refresh', ({ request, set, accessTokens }) =>
      refreshAnswer(routes, request, set, accessTokens),
    )
    .post('/logout', ({ request, set, accessTokens }) =>
      logoutAnswer(routes, request, set, accessTokens),
    )
    .post(
      '/forgot-password',
      ({ body }) => {
        forgotPassword(deps, body.email);
        return { message: AUTH_MESSAGES.resetSent };
      },
      { body: emailBody, parse: 'json', rateLimit: linkRateRules('forgot') },
    )
    .post(
      '/reset-password',
      async ({ body }) => {
        await resetPassword(deps, body);
        return { message: AUTH_MESSAGES.passwordReset };
      },
      { body: resetPasswordBody, parse: 'json' },
    )
    .post(
      '/changePassword',
      ({ body, request, user, accessTokens }) =>
        changePasswordAnswer(routes, body, request, user, accessTokens),
      { body: changePasswordBody, auth: true },
    );
};

/** What the session routes' handlers share: the services' dependencies and the refresh cookie. */
interface SessionRoutes {
  deps: AuthDeps;
  cookie: RefreshCookie;
}

/** POST /auth/login: a new session, its refresh cookie and an access token. */
async function loginAnswer(
  { deps, cookie }: SessionRoutes,
  body: LoginBody,
  request: Request,
  set: Context['set'],
  accessTokens: AccessTokens,
): Promise<SessionAnswer> {
  const user = await login(deps, body, clientIp(request));
  const session = await startSession(deps.db, user);
  set.headers['set-cookie'] = cookie.set(session.refreshToken, session.cookieSeconds);
  const token = await accessTokens.sign(claims(user, session.familyId));
  return sessionAnswer(user, token);
}

/**
 * POST /auth/refresh: a new access token for the session the refresh cookie names, the cookie
 * rotated when due; no session, the cookie cleared and 401.
 */
async function refreshAnswer(
  { deps, cookie }: SessionRoutes,
  request: Request,
  set: Context['set'],
  accessTokens: AccessTokens,
): Promise<SessionAnswer> {
  const presented = cookie.read(request);
  const outcome = presented
    ? await refreshSession(deps.db, presented)
    : { kind: 'refused' as const };
  if (outcome.kind === 'refused') {
    set.headers['set-cookie'] = cookie.clear();
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionEnded);
  }
  if (outcome.kind === 'rotated') {
    set.headers['set-cookie'] = cookie.set(outcome.refreshToken, outcome.cookieSeconds);
  }
  const token = await accessTokens.sign(claims(outcome.user, outcome.familyId));
  return sessionAnswer(outcome.user, token);
}

/**
 * POST /auth/logout. Logout always logs out (issue 22): whatever state the access token is in
 * (expired, tampered, missing), the session the refresh cookie names ends and the cookie is
 * cleared. A valid access token ends its own session too (a browser that lost the cookie).
 */
async function logoutAnswer(
  { deps, cookie }: SessionRoutes,
  request: Request,
  set: Context['set'],
  accessTokens: AccessTokens,
) {
  const presented = cookie.read(request);
  const familyId = presented ? await familyOfRefreshToken(deps.db, presented) : undefined;
  const claims = await accessTokens.verify(bearerToken(request));
  for (const id of new Set([familyId, claims?.sid])) {
    if (id) await revokeFamily(deps.db, id, 'logout');
  }
  set.headers['set-cookie'] = cookie.clear();
  return { message: AUTH_MESSAGES.loggedOut };
}

/**
 * POST /auth/changePassword: the session that changed the password goes on, with a token of the
 * new version.
 */
async function changePasswordAnswer(
  { deps }: SessionRoutes,
  body: ChangePasswordBody,
  request: Request,
  user: SignedInUser,
  accessTokens: AccessTokens,
) {
  const updated = await changePassword(
    deps,
    { user: user.row, familyId: user.sessionId },
    body,
    clientIp(request),
  );
  const token = await accessTokens.sign(claims(updated, user.sessionId));
  return { message: AUTH_MESSAGES.passwordChanged, token };
}

const claims = (user: UserRow, familyId: string) => ({
  sub: user.id,
  sid: familyId,
  ver: user.sessionVersion,
});

const sessionAnswer = (user: UserRow, token: string): SessionAnswer => ({
  token,
  user: toUserDto(user),
});

// The public face (issue 37 point 1): what other modules may use.
export { toUserDto } from './accounts';
export { issueEmailToken, LINK_LIFETIME_SECONDS } from './email-tokens';
export { afterAnswer, afterAnswersSettled } from './links';
export {
  adminAuthPlugin,
  authPlugin,
  bearerToken,
  type AdminAuthPlugin,
  type AuthPlugin,
  type SignedInUser,
} from './plugin';
export { SESSION_LIMITS } from './sessions';
