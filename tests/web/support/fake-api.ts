import { vi } from 'vitest';
import { MESSAGES, type ErrorBody } from '../../../api/lib/errors';

/**
 * The shop's API as the islands reach it: `fetch` on '/api/…' (src/lib/api-client.ts). Each test
 * says how the API answers each call it expects, with the statuses and JSON shapes of the real
 * API (`{ error, fields? }` for a failure, api/plugins/errors.ts); nothing inside the island or
 * the API client is replaced. A call the test did not expect is answered 404 and reported by
 * `unexpected`, which the setup checks after every test.
 */

/** One call as it left the browser. */
export interface Sent {
  method: string;
  /** The API path without '/api' and without the query: '/auth/login'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined for a GET. */
  body: unknown;
}

/** How the API answers: a status with a JSON body, or no answer at all (the network failed). */
export type Answer = { status: number; json?: unknown; text?: string } | 'unreachable';
export type Handler = Answer | ((sent: Sent) => Answer | Promise<Answer>);

/** `'POST /auth/login'`: a method and an API path. */
export type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** A 2xx answer with a JSON body. */
export const ok = (json: unknown = {}, status = 200): Answer => ({ status, json });

/** The API's failure answer: `{ error, fields? }` (api/plugins/errors.ts). */
export const refused = (
  status: number,
  error: string,
  fields?: Record<string, string>,
): Answer => ({ status, json: (fields ? { error, fields } : { error }) satisfies ErrorBody });

/** What an unexpected exception in the API answers (the error plugin's 500). */
export const serverError = (): Answer => refused(500, MESSAGES.internal);

let active: FakeApi | undefined;

export interface FakeApi {
  /** Every call made, in order. */
  calls: Sent[];
  /** The calls made to `route`. */
  sent(route: Route): Sent[];
  /** Changes how `route` answers from now on. */
  answer(route: Route, handler: Handler): void;
  /** Calls to a route the test did not give. */
  unexpected: Sent[];
}

/** Answers `fetch` with `routes` for the rest of the test. */
export function fakeApi(routes: Partial<Record<Route, Handler>> = {}): FakeApi {
  const table = new Map<string, Handler>(Object.entries(routes) as [string, Handler][]);
  const calls: Sent[] = [];
  const unexpected: Sent[] = [];

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    if (!url.pathname.startsWith('/api/')) throw new TypeError(`not the API: ${url.href}`);
    const method = (init.method ?? 'GET').toUpperCase();
    const sent: Sent = {
      method,
      path: url.pathname.slice('/api'.length),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(sent);
    const handler = table.get(`${method} ${sent.path}`);
    if (!handler) {
      unexpected.push(sent);
      return json(404, { error: MESSAGES.notFound });
    }
    const answer = typeof handler === 'function' ? await handler(sent) : handler;
    if (answer === 'unreachable') throw new TypeError('Failed to fetch');
    if (answer.text !== undefined) return new Response(answer.text, { status: answer.status });
    return json(answer.status, answer.json);
  };

  vi.stubGlobal('fetch', fetch);
  active = {
    calls,
    unexpected,
    sent: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
    answer: (route, handler) => void table.set(route, handler),
  };
  return active;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The fake API of the test now running, if it made one (for the setup's check). */
export function currentFakeApi(): FakeApi | undefined {
  return active;
}

export function forgetFakeApi(): void {
  active = undefined;
}

/**
 * An answer held until the test lets it go, so the page can be seen while the call is under
 * way ('Sending...', a disabled button) without waiting on a clock.
 */
export function held(): { handler: Handler; release(answer: Answer): void } {
  const waiting: ((answer: Answer) => void)[] = [];
  let given: Answer | undefined;
  return {
    handler: () => (given ? given : new Promise<Answer>((resolve) => void waiting.push(resolve))),
    release(answer) {
      given = answer;
      for (const resolve of waiting.splice(0)) resolve(answer);
    },
  };
}
