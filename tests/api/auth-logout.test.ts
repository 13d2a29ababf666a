import { Elysia } from 'elysia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { users } from '../../api/db/schema';
import { ACCESS_TOKEN_SECONDS } from '../../api/lib/access-token';
import { hashPassword } from '../../api/lib/passwords';
import { rateLimiter } from '../../api/lib/rate-limit';
import { authModule } from '../../api/modules/auth';
import { AUTH_MESSAGES, type SessionAnswer } from '../../core/auth/model';
import { shopDetails } from '../../api/modules/mail/templates';
import { authPlugin } from '../../api/modules/auth/plugin';
import { errorPlugin } from '../../api/plugins/errors';
import { rateLimit } from '../../api/plugins/rate-limit';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { freshEmail, PASSWORD, refreshCookieOf } from './auth-helpers';

/**
 * Issue 22 row 3: logout always logs out. The auth routes run on a clock the test moves, so an
 * access token really expires, as it does for a shopper who presses Logout after 15 minutes.
 */
describe('logout with an expired, tampered or missing access token (issue 22)', () => {
  let test: TestDatabase;
  let app: { handle(request: Request): Promise<Response> };
  // Real time moved on by `aheadMs`: a frozen clock would see tokens issued after it as not yet valid.
  const clock = { aheadMs: 0 };

  beforeAll(async () => {
    test = await createTestDatabase();
    const db = test.database.db;
    const shop = shopDetails();
    const limiter = rateLimiter(db);
    const auth = authPlugin({
      db,
      secret: config().jwtSecret,
      siteUrl: shop.siteUrl,
      now: () => new Date(Date.now() + clock.aheadMs),
    });
    app = new Elysia({ prefix: '/api' })
      .use(errorPlugin)
      .use(authModule({ db, limiter, limits: rateLimit(limiter), auth, shop }));
  });
  afterAll(() => test?.cleanup());

  const post = (path: string, headers: Record<string, string> = {}, body: unknown = {}) =>
    app.handle(
      new Request(`http://localhost/api${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );

  async function signIn() {
    const email = freshEmail('logout');
    await test.database.db.insert(users).values({
      email,
      firstname: 'Ann',
      lastname: 'Lee',
      passwordHash: await hashPassword(PASSWORD),
      emailVerified: true,
    });
    const login = await post('/auth/login', {}, { username: email, password: PASSWORD });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as SessionAnswer;
    return { token, refresh: refreshCookieOf(login)! };
  }

  const withSession = (session: { refresh: string }, token?: string) => ({
    cookie: `evergreen_refresh=${session.refresh}`,
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  });

  /** The changePassword route needs a signed-in user: 401 tells the token is refused. */
  const tokenRefused = async (token: string) =>
    (
      await post(
        '/auth/changePassword',
        { authorization: `Bearer ${token}` },
        { oldPassword: PASSWORD, newPassword: 'hazel copse at noon' },
      )
    ).status === 401;

  it('after the access token expired: logout ends the session and clears the cookie', async () => {
    clock.aheadMs = 0;
    const session = await signIn();
    // 16 minutes later the menu's Logout sends the expired token and the cookie.
    clock.aheadMs = (ACCESS_TOKEN_SECONDS + 60) * 1000;
    expect(await tokenRefused(session.token)).toBe(true);

    const out = await post('/auth/logout', withSession(session, session.token));
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    expect(refreshCookieOf(out)).toBe('');

    const refresh = await post('/auth/refresh', withSession(session));
    expect(refresh.status).toBe(401);
    expect(await refresh.json()).toEqual({ error: AUTH_MESSAGES.sessionEnded });
  });

  it('with a tampered token or none: logout still ends the session the cookie names', async () => {
    clock.aheadMs = 0;
    for (const token of [undefined, 'not.a.token', 'x']) {
      const session = await signIn();
      const tampered = token === 'x' ? `${session.token.slice(0, -4)}AAAA` : (token ?? undefined);
      const out = await post('/auth/logout', withSession(session, tampered));
      expect(out.status, String(tampered)).toBe(200);
      expect(refreshCookieOf(out)).toBe('');
      expect((await post('/auth/refresh', withSession(session))).status).toBe(401);
    }
  });

  it('a valid token without the cookie ends its own session', async () => {
    clock.aheadMs = 0;
    const session = await signIn();
    const out = await post('/auth/logout', { authorization: `Bearer ${session.token}` });
    expect(out.status).toBe(200);
    expect(await tokenRefused(session.token)).toBe(true);
    expect((await post('/auth/refresh', withSession(session))).status).toBe(401);
  });
});
