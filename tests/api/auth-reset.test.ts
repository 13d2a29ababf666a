import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { emailTokens, rateLimits, users } from '../../api/db/schema';
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
  registerVerified,
  withCookie,
} from './auth-helpers';

describe('forgot and reset password (issue 10)', () => {
  const api = useApi();
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  const NEW_PASSWORD = 'copper kettle morning';

  /** Asks for a reset link and reads it from the outbox. */
  async function resetLink(email: string) {
    const answer = await client.post('/auth/forgot-password', { email });
    expect(answer.status).toBe(200);
    const mail = await lastMail(api, email, 'auth.reset-password');
    expect(mail).toMatchObject({ subject: 'Reset your password' });
    const link = linkIn(mail!.text, '/resetpassword');
    client.secrets.add(link.token);
    return link;
  }

  /** Forgets the one-per-15-minutes window of reset emails for `email`. */
  const forgetMailWindow = (email: string) =>
    api.test.database.db.delete(rateLimits).where(eq(rateLimits.key, `mail.reset:${email}`));

  const reset = (token: string, email: string, newPassword = NEW_PASSWORD) =>
    client.post('/auth/reset-password', { token, email, newPassword });

  it('forgot-password answers the same for known and unknown addresses', async () => {
    const account = await registerVerified(client, api);
    const known = await client.post('/auth/forgot-password', { email: account.email });
    const unknownEmail = freshEmail('nobody');
    const unknown = await client.post('/auth/forgot-password', { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    expect(
      await (await client.post('/auth/forgot-password', { email: freshEmail() })).json(),
    ).toEqual({ message: 'A password reset link has been sent to your email.' });
    expect(await mailsTo(api, unknownEmail)).toHaveLength(0);
    expect(await lastMail(api, account.email, 'auth.reset-password')).toBeDefined();
  });

  it('a reset sets the password, verifies the address, ends every session and says so by email', async () => {
    // An account never verified: the link in its mailbox proves the address.
    const email = freshEmail();
    client.secrets.add(PASSWORD);
    await client.post('/auth/register', {
      username: email,
      password: PASSWORD,
      firstname: 'Ann',
      lastname: 'Lee',
      acceptedPolicy: true,
    });
    const link = await resetLink(email);
    expect(link.url.origin).toBe(new URL(config().siteUrl).origin);
    expect(link.url.pathname).toBe('/resetpassword');
    expect(link.email).toBe(email);
    client.secrets.add(NEW_PASSWORD);

    const done = await reset(link.token, link.email);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
    const [row] = await api.test.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ emailVerified: true, sessionVersion: 2 });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await lastMail(api, email, 'auth.password-changed')).toMatchObject({
      subject: 'Your password was changed',
    });

    const old = await client.post('/auth/login', { username: email, password: PASSWORD });
    expect(old.status).toBe(401);
    await logIn(client, { email, password: NEW_PASSWORD });
  });

  it('a reset ends the sessions open before it', async () => {
    const account = await registerVerified(client, api);
    const session = await logIn(client, account);
    const link = await resetLink(account.email);
    expect((await reset(link.token, link.email)).status).toBe(200);
    expect((await client.get('/user/me', bearer(session.token))).status).toBe(401);
    expect((await client.post('/auth/refresh', {}, withCookie(session.refresh))).status).toBe(401);
  });

  it('refuses a link used twice', async () => {
    const account = await registerVerified(client, api);
    const link = await resetLink(account.email);
    expect((await reset(link.token, link.email)).status).toBe(200);
    const twice = await reset(link.token, link.email, 'second try passphrase');
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: AUTH_MESSAGES.resetLinkExpired });
  });

  it('refuses a link after 60 minutes', async () => {
    const account = await registerVerified(client, api);
    const link = await resetLink(account.email);
    const { db } = api.test.database;
    const [user] = await db.select().from(users).where(eq(users.email, account.email));
    const [token] = await db
      .select({
        minutes: sql<number>`round(extract(epoch from (${emailTokens.expiresAt} - ${emailTokens.createdAt})) / 60)::int`,
      })
      .from(emailTokens)
      .where(
        sql`${emailTokens.userId} = ${user!.id} and ${emailTokens.purpose} = 'reset_password'`,
      );
    expect(token!.minutes).toBe(60);
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${emailTokens.userId} = ${user!.id}`);
    const late = await reset(link.token, link.email);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: AUTH_MESSAGES.resetLinkExpired });
    await logIn(client, account);
  });

  it('refuses a link for another email', async () => {
    const account = await registerVerified(client, api);
    const other = await registerVerified(client, api);
    const link = await resetLink(account.email);
    const stolen = await reset(link.token, other.email);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toEqual({ error: AUTH_MESSAGES.resetLinkExpired });
    await logIn(client, other);
    // The link still works for its own address.
    expect((await reset(link.token, link.email)).status).toBe(200);
  });

  it('a new link invalidates the older one', async () => {
    const account = await registerVerified(client, api);
    const first = await resetLink(account.email);
    await forgetMailWindow(account.email);
    const second = await resetLink(account.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, first.email)).status).toBe(400);
    expect((await reset(second.token, second.email)).status).toBe(200);
  });

  it('a new password that is easy to guess is refused and leaves the link usable (issue 22 row 12)', async () => {
    const account = await registerVerified(client, api);
    const link = await resetLink(account.email);
    for (const weak of ['        ', 'password123', 'P@ssw0rd', account.email]) {
      const refused = await reset(link.token, link.email, weak);
      expect(refused.status, weak).toBe(400);
      expect(await refused.json()).toEqual({
        error: PASSWORD_MESSAGES.weak,
        fields: { newPassword: PASSWORD_MESSAGES.weak },
      });
    }
    // A link that cannot work says so first, whatever the password.
    const stale = await reset('A'.repeat(43), link.email, 'password123');
    expect(await stale.json()).toEqual({ error: AUTH_MESSAGES.resetLinkExpired });
    expect((await reset(link.token, link.email)).status).toBe(200);
  });

  it('a common or malformed new password is refused and leaves the link usable', async () => {
    const account = await registerVerified(client, api);
    const link = await resetLink(account.email);
    const common = await reset(link.token, link.email, 'password1');
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({
      error: PASSWORD_MESSAGES.common,
      fields: { newPassword: PASSWORD_MESSAGES.common },
    });
    const short = await reset(link.token, link.email, 'short');
    expect(short.status).toBe(400);
    const missing = await client.post('/auth/reset-password', { newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe(
      'Invalid or missing reset link.',
    );
    expect((await reset(link.token, link.email)).status).toBe(200);
  });

  it('builds links from PUBLIC_SITE_URL, never from the Host of the request', async () => {
    const account = await registerVerified(client, api);
    const answer = await api.app.handle(
      new Request('http://evil.example/api/auth/forgot-password', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
        },
        body: JSON.stringify({ email: account.email }),
      }),
    );
    expect(answer.status).toBe(200);
    const mail = await lastMail(api, account.email, 'auth.reset-password');
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).not.toContain('evil.example');
    client.secrets.add(linkIn(mail!.text, '/resetpassword').token);
  });
});
