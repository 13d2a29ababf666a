import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../api/db/schema';
import type { SessionAnswer } from '../../core/auth/model';
import { afterAnswersSettled } from '../../api/modules/auth/links';
import type { ApiHarness } from '../helpers/api';

/** A password not among the 10,000 most common. */
export const PASSWORD = 'violet meadow lantern';

let counter = 0;
/** An email address no other test uses, so rate limits and mail windows are never shared. */
export function freshEmail(label = 'shopper'): string {
  counter += 1;
  return `${label}.${counter}.${Date.now().toString(36)}@example.com`;
}

/**
 * Every answer an API test received, with the token it issued itself, so a test can prove that
 * no answer carries a password, a hash or any token other than its own.
 */
export interface Recorded {
  path: string;
  body: string;
  headers: string;
}

export interface AuthClient {
  recorded: Recorded[];
  /** Secrets seen in the test: passwords, refresh cookies, emailed link tokens, access tokens. */
  secrets: Set<string>;
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  put(path: string, body: unknown, init?: RequestInit): Promise<Response>;
}

export function authClient(api: ApiHarness): AuthClient {
  const recorded: Recorded[] = [];
  const secrets = new Set<string>();
  const record = async (path: string, response: Response) => {
    const body = await response.clone().text();
    const headers = [...response.headers.entries()]
      .filter(([name]) => name !== 'set-cookie')
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    recorded.push({ path, body, headers });
    const cookie = refreshCookieOf(response);
    if (cookie) secrets.add(cookie);
    return response;
  };
  return {
    recorded,
    secrets,
    get: async (path, init) => record(path, await api.get(path, init)),
    post: async (path, body, init) => record(path, await api.post(path, body, init)),
    put: async (path, body, init) =>
      record(
        path,
        await api.app.handle(
          new Request(`http://localhost/api${path}`, {
            method: 'PUT',
            body: JSON.stringify(body),
            ...init,
            headers: { 'content-type': 'application/json', ...init?.headers },
          }),
        ),
      ),
  };
}

/** The refresh token a response sets, if any (empty string: the cookie is cleared). */
export function refreshCookieOf(response: Response): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const match = header.match(/^(?:__Secure-)?evergreen_refresh=([^;]*)/);
    if (match) return match[1];
  }
  return undefined;
}

export const withCookie = (token: string, headers: Record<string, string> = {}) => ({
  headers: { ...headers, cookie: `evergreen_refresh=${token}` },
});

export const bearer = (token: string, headers: Record<string, string> = {}) => ({
  headers: { ...headers, authorization: `Bearer ${token}` },
});

/** The newest email of `kind` queued for `to` (once the links asked for are written). */
export async function lastMail(api: ApiHarness, to: string, kind?: string) {
  await afterAnswersSettled();
  const [mail] = await api.test.database.db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.to, to), eq(outbox.kind, kind)) : eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail;
}

export async function mailsTo(api: ApiHarness, to: string) {
  await afterAnswersSettled();
  return api.test.database.db.select().from(outbox).where(eq(outbox.to, to));
}

/** The link in an email's text part that goes to `page`, and its token and email. */
export function linkIn(text: string, page: '/verifyemail' | '/resetpassword') {
  const match = text.match(new RegExp(`https?://[^\\s)\\]]+${page}\\?[^\\s)\\]]+`));
  expect(match, `a ${page} link in the email`).not.toBeNull();
  const url = new URL(match![0]);
  return {
    url,
    token: url.searchParams.get('token')!,
    email: url.searchParams.get('email')!,
  };
}

export interface Registered {
  email: string;
  password: string;
}

/** Registers, follows the verification link from the outbox, and answers the account. */
export async function registerVerified(
  client: AuthClient,
  api: ApiHarness,
  email = freshEmail(),
  password = PASSWORD,
): Promise<Registered> {
  client.secrets.add(password);
  const registered = await client.post('/auth/register', {
    username: email,
    password,
    firstname: 'Ann',
    lastname: 'Lee',
    acceptedPolicy: true,
  });
  expect(registered.status).toBe(201);
  const mail = await lastMail(api, email, 'auth.verify-email');
  const link = linkIn(mail!.text, '/verifyemail');
  client.secrets.add(link.token);
  const verified = await client.get(
    `/auth/verify-email?token=${encodeURIComponent(link.token)}&email=${encodeURIComponent(link.email)}`,
  );
  expect(verified.status).toBe(200);
  return { email, password };
}

export interface LoggedIn {
  token: string;
  refresh: string;
  answer: SessionAnswer;
}

export async function logIn(client: AuthClient, account: Registered): Promise<LoggedIn> {
  const response = await client.post('/auth/login', {
    username: account.email,
    password: account.password,
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as SessionAnswer;
  client.secrets.add(answer.token);
  const refresh = refreshCookieOf(response);
  expect(refresh).toBeTruthy();
  return { token: answer.token, refresh: refresh!, answer };
}

/**
 * No recorded answer carries a password, an Argon2 hash, or a secret other than the access token
 * it issued itself (its `token` field).
 */
export function expectNoLeaks(client: AuthClient): void {
  expect(client.recorded.length).toBeGreaterThan(0);
  for (const { path, body, headers } of client.recorded) {
    let own: string | undefined;
    try {
      own = (JSON.parse(body) as { token?: string }).token;
    } catch {
      own = undefined;
    }
    const text = `${headers}\n${body}`;
    expect(text, `${path} answered an Argon2 hash`).not.toMatch(/\$argon2/);
    expect(text, `${path} answered a hash`).not.toMatch(/password_?hash|token_?hash/i);
    for (const secret of client.secrets) {
      if (secret === own) continue;
      expect(text.includes(secret), `${path} answered a secret`).toBe(false);
    }
  }
}
