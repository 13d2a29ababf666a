import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { emailTokens, users } from '../../api/db/schema';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../core/auth/model';
import { useApi } from '../helpers/api';
import {
  authClient,
  bearer,
  expectNoLeaks,
  freshEmail,
  lastMail,
  linkIn,
  logIn,
  mailsTo,
  PASSWORD,
  refreshCookieOf,
  registerVerified,
} from './auth-helpers';

describe('accounts: register, verify, log in, profile (issue 10)', () => {
  const api = useApi();
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  it('register → verification email in the outbox → verify → login → /user/me', async () => {
    const email = freshEmail('Mixed.Case');
    client.secrets.add(PASSWORD);
    const registered = await client.post('/auth/register', {
      username: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      firstname: 'Ann',
      lastname: "O'Brien",
      acceptedPolicy: true,
    });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toEqual({ message: AUTH_MESSAGES.registered });

    // Stored lower-cased, hashed with Argon2id, not yet verified.
    const [row] = await api.test.database.db
      .select()
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    expect(row).toMatchObject({ emailVerified: false, role: 'customer', sessionVersion: 1 });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // Logging in before verifying: the right password is told the address is not verified.
    const early = await client.post('/auth/login', { username: email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ error: 'Email not verified' });

    const mail = await lastMail(api, email.toLowerCase(), 'auth.verify-email');
    expect(mail).toMatchObject({ subject: 'Verify your email address', status: 'pending' });
    const link = linkIn(mail!.text, '/verifyemail');
    client.secrets.add(link.token);
    expect(link.url.origin).toBe(new URL(config().siteUrl).origin);
    expect(link.email).toBe(email.toLowerCase());
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const tokens = await api.test.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toContain(link.token);
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const verified = await client.get(
      `/auth/verify-email?token=${link.token}&email=${encodeURIComponent(link.email)}`,
    );
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ message: AUTH_MESSAGES.verified });
    // Single use.
    const again = await client.get(
      `/auth/verify-email?token=${link.token}&email=${encodeURIComponent(link.email)}`,
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: AUTH_MESSAGES.verifyLinkExpired });

    const login = await client.post('/auth/login', { username: email, password: PASSWORD });
    expect(login.status).toBe(200);
    const answer = (await login.json()) as { token: string; user: unknown };
    client.secrets.add(answer.token);
    expect(Object.keys(answer).sort()).toEqual(['token', 'user']);
    expect(answer.user).toEqual({
      username: email.toLowerCase(),
      firstname: 'Ann',
      lastname: "O'Brien",
      verifiedemail: true,
    });
    const setCookie = login.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(
      /^evergreen_refresh=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
    client.secrets.add(refreshCookieOf(login)!);

    const me = await client.get('/user/me', bearer(answer.token));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(answer.user);

    const signedOut = await client.get('/user/me');
    expect(signedOut.status).toBe(401);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const account = await registerVerified(client, api);
    const wrong = await client.post('/auth/login', {
      username: account.email,
      password: 'not the password',
    });
    const unknown = await client.post('/auth/login', {
      username: freshEmail('nobody'),
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid username or password' });
    expect(await unknown.json()).toEqual({ error: 'Invalid username or password' });
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it("checks login against the spec's format rules only", async () => {
    const bad = await client.post('/auth/login', { username: 'not-an-email', password: '12345' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fields: {
        username: 'Username should be an email address',
        password: 'Password must be at least 6 characters long',
      },
    });
  });

  it('refuses a common password at register, change and reset, and a short one', async () => {
    const email = freshEmail();
    const common = await client.post('/auth/register', {
      username: email,
      password: 'baseball123'.slice(0, 8), // "baseball": in the list, 8 characters
      firstname: 'Ann',
      lastname: 'Lee',
      acceptedPolicy: true,
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({
      error: PASSWORD_MESSAGES.common,
      fields: { password: PASSWORD_MESSAGES.common },
    });
    expect(await mailsTo(api, email)).toHaveLength(0);

    const short = await client.post('/auth/register', {
      username: email,
      password: 'abc1234',
      firstname: 'Ann',
      lastname: 'Lee',
      acceptedPolicy: true,
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ fields: { password: PASSWORD_MESSAGES.tooShort } });

    const noPolicy = await client.post('/auth/register', {
      username: email,
      password: PASSWORD,
      firstname: 'Ann',
      lastname: 'Lee',
      acceptedPolicy: false,
    });
    expect(noPolicy.status).toBe(400);
    expect(await noPolicy.json()).toMatchObject({
      fields: {
        acceptedPolicy:
          'You must accept the Privacy Policy, Terms of Use, and Return Policy to register.',
      },
    });

    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const change = await client.post(
      '/auth/changePassword',
      { oldPassword: account.password, newPassword: 'trustno1' },
      bearer(token),
    );
    expect(change.status).toBe(400);
    expect(await change.json()).toMatchObject({
      fields: { newPassword: PASSWORD_MESSAGES.common },
    });
  });

  it('refuses a password that is easy to guess at register and change (issue 22 row 12)', async () => {
    const email = freshEmail();
    for (const weak of ['        ', 'password123', 'P@ssw0rd', email]) {
      const refused = await client.post('/auth/register', {
        username: email,
        password: weak,
        firstname: 'Ann',
        lastname: 'Lee',
        acceptedPolicy: true,
      });
      expect(refused.status, weak).toBe(400);
      expect(await refused.json()).toEqual({
        error: PASSWORD_MESSAGES.weak,
        fields: { password: PASSWORD_MESSAGES.weak },
      });
    }
    expect(await mailsTo(api, email)).toHaveLength(0);

    // A good passphrase is accepted (registerVerified registers with one).
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    for (const weak of ['        ', 'password123', 'P@ssw0rd', account.email]) {
      const change = await client.post(
        '/auth/changePassword',
        { oldPassword: account.password, newPassword: weak },
        bearer(token),
      );
      expect(change.status, weak).toBe(400);
      expect(await change.json()).toEqual({
        error: PASSWORD_MESSAGES.weak,
        fields: { newPassword: PASSWORD_MESSAGES.weak },
      });
    }
  });

  it('register answers the same for a known and an unknown address; the owner is emailed', async () => {
    const account = await registerVerified(client, api);
    const payload = (username: string) => ({
      username,
      password: 'another long passphrase',
      firstname: 'Eve',
      lastname: 'Smith',
      acceptedPolicy: true,
    });
    client.secrets.add('another long passphrase');
    const known = await client.post('/auth/register', payload(account.email.toUpperCase()));
    const unknownEmail = freshEmail();
    const unknown = await client.post('/auth/register', payload(unknownEmail));
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    expect(await known.text()).toBe(await unknown.text());
    expect(known.headers.get('set-cookie')).toBeNull();

    const notice = await lastMail(api, account.email, 'auth.account-exists');
    expect(notice).toMatchObject({ subject: 'You already have an account' });
    expect(notice!.text).toContain('/login');
    expect(notice!.text).toContain('/forgotpassword');
    // The account is untouched: the old password still works, the names are the same.
    const [row] = await api.test.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email));
    expect(row).toMatchObject({ firstname: 'Ann', lastname: 'Lee' });
    await logIn(client, account);
  });

  it('resend-verification: a new link replaces the old one; the same answer for anyone', async () => {
    const email = freshEmail();
    await client.post('/auth/register', {
      username: email,
      password: PASSWORD,
      firstname: 'Ann',
      lastname: 'Lee',
      acceptedPolicy: true,
    });
    const first = linkIn((await lastMail(api, email, 'auth.verify-email'))!.text, '/verifyemail');
    client.secrets.add(first.token);
    // The mail window (one per 15 minutes) is over.
    await api.test.database.db.execute(
      sql`delete from rate_limits where key = ${`mail.verify:${email}`}`,
    );
    const resent = await client.post('/auth/resend-verification', { email });
    const stranger = await client.post('/auth/resend-verification', { email: freshEmail() });
    expect(resent.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(await resent.text()).toBe(await stranger.text());
    const second = linkIn((await lastMail(api, email, 'auth.verify-email'))!.text, '/verifyemail');
    client.secrets.add(second.token);
    expect(second.token).not.toBe(first.token);

    const old = await client.get(`/auth/verify-email?token=${first.token}&email=${email}`);
    expect(old.status).toBe(400);
    const fresh = await client.get(`/auth/verify-email?token=${second.token}&email=${email}`);
    expect(fresh.status).toBe(200);
  });

  it('a verification link is refused for another email, after 24 hours, or malformed', async () => {
    const email = freshEmail();
    await client.post('/auth/register', {
      username: email,
      password: PASSWORD,
      firstname: 'Ann',
      lastname: 'Lee',
      acceptedPolicy: true,
    });
    const link = linkIn((await lastMail(api, email, 'auth.verify-email'))!.text, '/verifyemail');
    client.secrets.add(link.token);
    const other = await registerVerified(client, api);
    const forOther = await client.get(
      `/auth/verify-email?token=${link.token}&email=${other.email}`,
    );
    expect(forOther.status).toBe(400);

    await api.test.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${emailTokens.expiresAt} > now() + interval '23 hours'`);
    const expired = await client.get(`/auth/verify-email?token=${link.token}&email=${email}`);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: AUTH_MESSAGES.verifyLinkExpired });

    const malformed = await client.get(`/auth/verify-email?token=abc&email=${email}`);
    expect(malformed.status).toBe(400);
    const missing = await client.get(`/auth/verify-email?email=${email}`);
    expect(missing.status).toBe(400);
  });

  it('rehashes a password hashed with older parameters at the next login', async () => {
    const { hash } = await import('@node-rs/argon2');
    const account = await registerVerified(client, api);
    const older = await hash(account.password, {
      algorithm: 2,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    const { db } = api.test.database;
    await db.update(users).set({ passwordHash: older }).where(eq(users.email, account.email));
    await logIn(client, account);
    const [row] = await db.select().from(users).where(eq(users.email, account.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await logIn(client, account);
  });
});
