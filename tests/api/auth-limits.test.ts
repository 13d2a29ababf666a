import { eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { REGISTER_RATE_LIMIT, REGISTER_TOO_MANY } from '../../api/modules/auth';
import { LOGIN_BACKOFF } from '../../api/modules/auth/service';
import { useApi } from '../helpers/api';
import {
  authClient,
  expectNoLeaks,
  freshEmail,
  logIn,
  mailsTo,
  PASSWORD,
  registerVerified,
} from './auth-helpers';

/** PGlite runs one transaction at a time: races are only proven on PostgreSQL. */
const onPostgres = Boolean(process.env.DATABASE_URL);

let network = 0;
/** A network address no other test uses. */
const freshIp = () => {
  network += 1;
  return { headers: { [CLIENT_IP_HEADER]: `198.51.100.${network}` } };
};

describe('rate limits on accounts (issue 10)', () => {
  const api = useApi();
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  const registration = (username: string) => ({
    username,
    password: PASSWORD,
    firstname: 'Ann',
    lastname: 'Lee',
    acceptedPolicy: true,
  });

  it('failed logins for one account slow down after 5, with a doubling wait, never a lock-out', async () => {
    const account = await registerVerified(client, api);
    const wrong = { username: account.email, password: 'not the password' };
    // Each attempt from another network address: only the account's own count matters here.
    for (let attempt = 1; attempt <= LOGIN_BACKOFF.email.free + 1; attempt += 1) {
      const answer = await client.post('/auth/login', wrong, freshIp());
      expect(answer.status, `failure ${attempt}`).toBe(401);
    }
    // The 6th failure started a 30-second wait: even the right password waits it out.
    const waiting = await client.post(
      '/auth/login',
      { username: account.email, password: account.password },
      freshIp(),
    );
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await waiting.json()).toEqual({
      error: `Too many unsuccessful attempts to log in. Please wait ${retryAfter} seconds, then try again.`,
    });

    // Once the wait is over the owner logs in, and that clears the failures.
    const key = `login.email:${account.email}`;
    const { db } = api.test.database;
    await db
      .update(rateLimits)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, key));
    await logIn(client, account);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key))).toHaveLength(0);
  });

  it('the wait doubles with each further failure and stops growing at an hour', async () => {
    const account = await registerVerified(client, api);
    const key = `login.email:${account.email}`;
    const { db } = api.test.database;
    const waits: number[] = [];
    for (let failure = 1; failure <= 14; failure += 1) {
      // Skip the wait as an attacker would have to: by waiting it out.
      await db.update(rateLimits).set({ blockedUntil: null }).where(eq(rateLimits.key, key));
      await client.post(
        '/auth/login',
        { username: account.email, password: 'wrong pass' },
        freshIp(),
      );
      const [row] = await db
        .select({
          wait: sql<number>`coalesce(round(extract(epoch from (${rateLimits.blockedUntil} - now()))), 0)::int`,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      waits.push(Number(row!.wait));
    }
    const nominal = [0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 960, 1920, 3600, 3600];
    waits.forEach((wait, index) => {
      expect(Math.abs(wait - nominal[index]!), `failure ${index + 1}`).toBeLessThanOrEqual(1);
    });
  });

  it('failed logins from one network address slow down after 20, whatever the accounts', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= LOGIN_BACKOFF.ip.free + 1; attempt += 1) {
      const answer = await client.post(
        '/auth/login',
        { username: freshEmail('guess'), password: 'not the password' },
        ip,
      );
      expect(answer.status, `failure ${attempt}`).toBe(401);
    }
    const waiting = await client.post(
      '/auth/login',
      { username: freshEmail('guess'), password: 'not the password' },
      ip,
    );
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(25);
    // Another network address is not slowed down.
    const elsewhere = await client.post(
      '/auth/login',
      { username: freshEmail('guess'), password: 'not the password' },
      freshIp(),
    );
    expect(elsewhere.status).toBe(401);
  });

  it('registers 5 accounts an hour from one network address, then answers 429', async () => {
    const ip = freshIp();
    for (let count = 1; count <= REGISTER_RATE_LIMIT.registrations; count += 1) {
      const answer = await client.post('/auth/register', registration(freshEmail()), ip);
      expect(answer.status, `registration ${count}`).toBe(201);
    }
    const refused = await client.post('/auth/register', registration(freshEmail()), ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: REGISTER_TOO_MANY });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(
      (await client.post('/auth/register', registration(freshEmail()), freshIp())).status,
    ).toBe(201);
  });

  it('sends at most one reset and one verification email per address in 15 minutes, silently', async () => {
    const account = await registerVerified(client, api);
    for (let ask = 0; ask < 3; ask += 1) {
      const answer = await client.post('/auth/forgot-password', { email: account.email });
      expect(answer.status).toBe(200);
    }
    const resets = (await mailsTo(api, account.email)).filter(
      (mail) => mail.kind === 'auth.reset-password',
    );
    expect(resets).toHaveLength(1);
    const [window] = await api.test.database.db
      .select({
        seconds: sql<number>`round(extract(epoch from (${rateLimits.windowEndsAt} - now())))::int`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, `mail.reset:${account.email}`));
    expect(Number(window!.seconds)).toBeGreaterThan(890);
    expect(Number(window!.seconds)).toBeLessThanOrEqual(900);

    const email = freshEmail();
    await client.post('/auth/register', registration(email));
    for (let ask = 0; ask < 3; ask += 1) {
      expect((await client.post('/auth/resend-verification', { email })).status).toBe(200);
    }
    const verifications = (await mailsTo(api, email)).filter(
      (mail) => mail.kind === 'auth.verify-email',
    );
    expect(verifications).toHaveLength(1);
  });

  it.runIf(onPostgres)('simultaneous registrations from one address: exactly 5 pass', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.post('/auth/register', registration(freshEmail()), ip),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it.runIf(onPostgres)(
    'simultaneous reset requests for one address: exactly one email',
    async () => {
      const account = await registerVerified(client, api);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          client.post('/auth/forgot-password', { email: account.email }),
        ),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const resets = (await mailsTo(api, account.email)).filter(
        (mail) => mail.kind === 'auth.reset-password',
      );
      expect(resets).toHaveLength(1);
    },
  );

  it.runIf(onPostgres)('simultaneous registrations of one address make one account', async () => {
    const email = freshEmail();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client.post(
          '/auth/register',
          registration(index % 2 ? email : email.toUpperCase()),
          freshIp(),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const rows = await api.test.database.db.execute(
      sql`select count(*)::int as count from users where lower(email) = ${email}`,
    );
    expect(Number((rows as unknown as { rows: { count: number }[] }).rows[0]!.count)).toBe(1);
  });

  it('keeps its counters under their own names', async () => {
    const keys = await api.test.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'login.%'));
    expect(keys.length).toBeGreaterThan(0);
  });
});
