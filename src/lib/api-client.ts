import { clearSession, currentToken, storeToken, type User } from '../stores/auth';
import { LOGIN_PATH, loginHref } from './login-redirect';

/**
 * The one way islands call the shop's API (spec §7, §8). Every call carries the access token when
 * there is one. A 401 on a call made with a token renews the session once (POST /auth/refresh,
 * whose HttpOnly cookie the browser sends) and repeats the call with the new token; calls that fail
 * together share one refresh. A refused refresh ends the session in this browser and goes to
 * /login, unless the shopper is already there (spec §4 Session refresh).
 */

export const API_BASE = '/api';
export const REFRESH_PATH = '/auth/refresh';

/** A call's outcome as a value: the page shows a sentence either way. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** 0 when the server could not be reached. */
      status: number;
      /** The server's `error` sentence, when it gave one. */
      error?: string | undefined;
      /** Per-field messages of a refused form, when the server gave them. */
      fields?: Record<string, string> | undefined;
    };

export interface ApiCallOptions {
  /**
   * A call that is no part of a session (login, register, the emailed links): it is sent without
   * the token, and its 401 is an answer for the form, not a reason to renew the session.
   */
  anonymous?: boolean;
  /** false: send the token but take a 401 as the answer, without renewing (logout). */
  renew?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  /** Where the API answers: '/api' in the browser, an absolute address in tests. */
  baseUrl: string;
  getToken(): string | undefined;
  /** Keeps a renewed token (and the user, when the refresh answer carries one). */
  storeToken(token: string, user?: User): void;
  /** The refresh was refused: forget the session and go to /login unless already there. */
  endSession(): void;
  fetch?: typeof fetch;
}

/** Seconds before its `exp` at which a token is renewed before use rather than after a 401. */
const EXPIRY_MARGIN_SECONDS = 10;

/**
 * Whether a JWT's `exp` has passed (or nearly). Only a hint to save a round trip: the server
 * decides, and a token that cannot be read is sent as it is.
 */
export function tokenExpired(token: string, nowSeconds = Date.now() / 1000): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp - EXPIRY_MARGIN_SECONDS <= nowSeconds;
  } catch {
    return false;
  }
}

type RefreshOutcome =
  | { kind: 'renewed'; token: string }
  | { kind: 'refused' }
  /** The network failed: the session may well be fine, so it is kept. */
  | { kind: 'unreachable' };

/** Asks for a new token with the refresh cookie; a refused refresh ends the session. */
async function renew(send: typeof fetch, deps: ApiClientDeps): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await send(`${deps.baseUrl}${REFRESH_PATH}`, {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{}',
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const body = (await response.json().catch(() => null)) as {
    token?: unknown;
    user?: User;
  } | null;
  if (response.ok && typeof body?.token === 'string' && body.token) {
    deps.storeToken(body.token, body.user);
    return { kind: 'renewed', token: body.token };
  }
  if (response.status >= 500) return { kind: 'unreachable' };
  deps.endSession();
  return { kind: 'refused' };
}

/** A call's request: JSON accepted, the caller's headers, the token unless anonymous. */
function prepareRequest(init: RequestInit, options: ApiCallOptions, token: string | undefined) {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  if (token && !options.anonymous) headers.set('authorization', `Bearer ${token}`);
  return {
    ...init,
    credentials: 'include' as const,
    headers,
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** `start` run once at a time: a call while it runs gets the same promise. */
function oneAtATime<T>(start: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= start().finally(() => {
      running = null;
    });
    return running;
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON call's method and body (none for GET). */
function jsonInit(method: Method, body: unknown): RequestInit {
  const init: RequestInit = { method };
  if (method !== 'GET') {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body ?? {});
  }
  return init;
}

/** An answer as a value: its data, or its status with the server's sentence and field messages. */
async function readResult<T>(response: Response): Promise<ApiResult<T>> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (an empty 201, a proxy's error page): the status says enough.
  }
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const error = payload as { error?: unknown; fields?: Record<string, string> } | null;
  return {
    ok: false,
    status: response.status,
    error: typeof error?.error === 'string' ? error.error : undefined,
    fields: error?.fields,
  };
}

export function createApiClient(deps: ApiClientDeps) {
  const send = deps.fetch ?? ((input, init) => fetch(input, init));
  /** One refresh at a time: every call that fails while it runs waits for the same answer. */
  const refreshOnce = oneAtATime(() => renew(send, deps));
  let clockAgrees = true;

  /**
   * fetch() for the API: `path` is relative to the API base ('/user/me'). The body must be one
   * that can be sent twice (a string, as JSON is): a call renewed after a 401 is sent again.
   */
  async function apiFetch(
    path: string,
    init: RequestInit = {},
    options: ApiCallOptions = {},
  ): Promise<Response> {
    const url = `${deps.baseUrl}${path}`;
    const renewable = !options.anonymous && options.renew !== false && path !== REFRESH_PATH;
    let usedToken = options.anonymous ? undefined : deps.getToken();
    // A token known to have expired is renewed first: routes that also serve guests would
    // otherwise take the call as a guest's instead of answering 401.
    if (renewable && usedToken && clockAgrees && tokenExpired(usedToken)) {
      const outcome = await refreshOnce();
      if (outcome.kind === 'renewed') {
        usedToken = outcome.token;
        // A brand-new token that looks expired means this device's clock is off: rely on 401s.
        if (tokenExpired(usedToken)) clockAgrees = false;
      }
      return send(url, prepareRequest(init, options, usedToken));
    }
    const response = await send(url, prepareRequest(init, options, usedToken));
    if (response.status !== 401 || !renewable) return response;
    // Another call may have renewed the token since this one left: use it, no second refresh.
    const latest = deps.getToken();
    let token: string | undefined;
    if (latest && latest !== usedToken) {
      token = latest;
    } else {
      const outcome = await refreshOnce();
      if (outcome.kind !== 'renewed') return response;
      token = outcome.token;
    }
    return send(url, prepareRequest(init, options, token));
  }

  /** A JSON call with its outcome as a value. */
  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    options: ApiCallOptions = {},
  ): Promise<ApiResult<T>> {
    const init = jsonInit(method, body);
    let response: Response;
    try {
      response = await apiFetch(path, init, options);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return { ok: false, status: 0 };
    }
    return readResult<T>(response);
  }

  return {
    fetch: apiFetch,
    request,
    get: <T>(path: string, options?: ApiCallOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: ApiCallOptions) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: ApiCallOptions) =>
      request<T>('PUT', path, body, options),
    delete: <T>(path: string, body?: unknown, options?: ApiCallOptions) =>
      request<T>('DELETE', path, body, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** spec §8: a failed refresh sends the shopper to /login, unless already there. */
export function endSessionInBrowser(): void {
  clearSession();
  if (typeof location === 'undefined' || location.pathname === LOGIN_PATH) return;
  location.assign(loginHref(`${location.pathname}${location.search}`));
}

/** The browser's client: the stores hold the session, /login takes over when it ends. */
export const api: ApiClient = createApiClient({
  baseUrl: API_BASE,
  getToken: currentToken,
  storeToken,
  endSession: endSessionInBrowser,
});
