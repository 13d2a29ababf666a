import { eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import {
  LINK_RATE_LIMIT,
  LINK_TOO_MANY,
  REGISTER_RATE_LIMIT,
  REGISTER_TOO_MANY,
} from '../../api/modules/auth';
import { LOGIN_BACKOFF } from '../../api/modules/auth/login-limits';
import { useApi } from '../helpers/api';
import {
  authClient,
  expectNoLeaks,
  freshEmail,
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

  const wrongFor = (email: string) => ({ username: email, password: 'not the password' });
  const pairKey = (email: string, ip: { headers: Record<string, string> }) =>
    `login.account-address:${email}|${ip.headers[CLIENT_IP_HEADER]}`;

  it('failed logins of one account from one address slow down after 5, never a lock-out', async () => {
    const account = await registerVerified(client, api);
    const ip = freshIp();
    for (let attempt = 1; attempt <= LOGIN_BACKOFF.accountAddress.free + 1; attempt += 1) {
      const answer = await client.post('/auth/login', wrongFor(account.email), ip);
      expect(answer.status, `failure ${attempt}`).toBe(401);
    }
    // The 6th failure started a 30-second wait for this address: even the right password waits.
    const waiting = await client.post(
      '/auth/login',
      { username: account.email, password: account.password },
      ip,
    );
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await waiting.json()).toEqual({
      error: `Too many unsuccessful attempts to log in. Please wait ${retryAfter} seconds, then try again.`,
    });

    // Once the wait is over the owner logs in from there, and that clears its failures.
    const key = pairKey(account.email, ip);
    const { db } = api.test.database;
    await db
      .update(rateLimits)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, key));
    const session = await client.post(
      '/auth/login',
      { username: account.email, password: account.password },
      ip,
    );
    expect(session.status).toBe(200);
    client.secrets.add(((await session.json()) as { token: string }).token);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key))).toHaveLength(0);
  });

  it("a stranger's failures from other addresses never keep the owner out (issue 22 row 9)", async () => {
    const account = await registerVerified(client, api);
    // 6 wrong passwords for the owner's email, each from another address.
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect((await client.post('/auth/login', wrongFor(account.email), freshIp())).status).toBe(
        401,
      );
    }
    // The owner, from a 7th address, with the right password.
    const owner = await client.post(
      '/auth/login',
      { username: account.email, password: account.password },
      freshIp(),
    );
    expect(owner.status).toBe(200);
    client.secrets.add(((await owner.json()) as { token: string }).token);
  });

  it('an account under attack from many addresses: one attempt per address, the right one passes', async () => {
    const account = await registerVerified(client, api);
    for (let attempt = 1; attempt <= LOGIN_BACKOFF.account.free + 1; attempt += 1) {
      expect((await client.post('/auth/login', wrongFor(account.email), freshIp())).status).toBe(
        401,
      );
    }
    // A new address gets one attempt, then waits.
    const guesser = freshIp();
    expect((await client.post('/auth/login', wrongFor(account.email), guesser)).status).toBe(401);
    const slowed = await client.post('/auth/login', wrongFor(account.email), guesser);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(25);
    // The owner's right password from an address that has not failed is never refused.
    const owner = await client.post(
      '/auth/login',
      { username: account.email, password: account.password },
      freshIp(),
    );
    expect(owner.status).toBe(200);
    client.secrets.add(((await owner.json()) as { token: string }).token);
  });

  it('the wait doubles with each further failure and stops growing at an hour', async () => {
    const account = await registerVerified(client, api);
    const ip = freshIp();
    const key = pairKey(account.email, ip);
    const { db } = api.test.database;
    const waits: number[] = [];
    for (let failure = 1; failure <= 14; failure += 1) {
      // Skip the wait as an attacker would have to: by waiting it out.
      await db.update(rateLimits).set({ blockedUntil: null }).where(eq(rateLimits.key, key));
      await client.post('/auth/login', wrongFor(account.email), ip);
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
    for (let attempt = 1; attempt <= LOGIN_BACKOFF.address.free + 1; attempt += 1) {
      const answer = await client.post('/auth/login', wrongFor(freshEmail('guess')), ip);
      expect(answer.status, `failure ${attempt}`).toBe(401);
    }
    const waiting = await client.post('/auth/login', wrongFor(freshEmail('guess')), ip);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(25);
    // Another network address is not slowed down.
    const elsewhere = await client.post('/auth/login', wrongFor(freshEmail('guess')), freshIp());
    expect(elsewhere.status).toBe(401);
  });

  it.runIf(onPostgres)(
    '40 wrong passwords at once from one address: 6 are checked, 34 refused (issue 22 row 4)',
    async () => {
      const account = await registerVerified(client, api);
      const ip = freshIp();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => client.post('/auth/login', wrongFor(account.email), ip)),
      );
      const statuses = answers.map((answer) => answer.status);
      const checked = LOGIN_BACKOFF.accountAddress.free + 1;
      expect(statuses.filter((status) => status === 401)).toHaveLength(checked);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - checked);
    },
  );

  it.runIf(onPostgres)(
    '39 wrong passwords at once, and the right one among them once the budget is spent: refused',
    async () => {
      const account = await registerVerified(client, api);
      const ip = freshIp();
      const wrong = Array.from({ length: 39 }, () =>
        client.post('/auth/login', wrongFor(account.email), ip),
      );
      // The right one is sent while the others are in flight, once they have taken the budget.
      await vi.waitFor(
        async () => {
          const [row] = await api.test.database.db
            .select()
            .from(rateLimits)
            .where(eq(rateLimits.key, pairKey(account.email, ip)));
          expect(row?.blockedUntil).toBeTruthy();
        },
        { timeout: 20_000, interval: 5 },
      );
      const right = await client.post(
        '/auth/login',
        { username: account.email, password: account.password },
        ip,
      );
      expect(right.status).toBe(429);
      const statuses = (await Promise.all(wrong)).map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(6);
      expect(statuses.filter((status) => status === 429)).toHaveLength(33);
    },
  );

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

  it('forgot-password and resend: 5 an hour from one address and for one email, the same answer for anyone (issue 22 row 8)', async () => {
    const account = await registerVerified(client, api);
    for (const path of ['/auth/forgot-password', '/auth/resend-verification']) {
      // One address asking for many emails.
      const ip = freshIp();
      for (let ask = 1; ask <= LINK_RATE_LIMIT.perAddress; ask += 1) {
        const answer = await client.post(path, { email: freshEmail('nobody') }, ip);
        expect(answer.status, `${path} ${ask}`).toBe(200);
      }
      for (const email of [account.email, freshEmail('nobody')]) {
        const refused = await client.post(path, { email }, ip);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ error: LINK_TOO_MANY });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      }
      // One email asked for from many addresses: an account and a stranger alike.
      for (const email of [account.email, freshEmail('nobody')]) {
        const answers: string[] = [];
        for (let ask = 1; ask <= LINK_RATE_LIMIT.perEmail + 1; ask += 1) {
          const answer = await client.post(path, { email }, freshIp());
          answers.push(`${answer.status} ${await answer.text()}`);
        }
        expect(answers.slice(0, -1).every((answer) => answer.startsWith('200 '))).toBe(true);
        expect(answers.at(-1)).toBe(`429 ${JSON.stringify({ error: LINK_TOO_MANY })}`);
      }
    }
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
    'simultaneous reset requests for one address: 5 answered, exactly one email',
    async () => {
      const account = await registerVerified(client, api);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          client.post('/auth/forgot-password', { email: account.email }, freshIp()),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(LINK_RATE_LIMIT.perEmail);
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        10 - LINK_RATE_LIMIT.perEmail,
      );
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
