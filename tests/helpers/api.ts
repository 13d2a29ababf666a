import { afterAll, beforeAll } from 'vitest';
import { createApp, type App, type AppDependencies } from '../../api/app';
import { attachRequestOrigin, CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { afterAnswersSettled } from '../../api/modules/auth/links';
import { createTestDatabase, type TestDatabase } from './db';

const BASE = 'http://localhost/api';

export interface ApiHarness {
  app: App;
  test: TestDatabase;
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
}

export interface ApiOptions {
  seed?: boolean;
  /** Dependencies other than the database (a payment gateway, a tax calculator), made in beforeAll. */
  dependencies?: () => Omit<AppDependencies, 'database'>;
}

/**
 * The harness plays the server entry's part: a test names the client's address in the
 * CLIENT_IP_HEADER header, and the harness removes it and attaches the address to the Request as
 * the server does from the socket (the API itself never reads that header).
 */
function asFromTheServer(request: Request): Request {
  const ip = request.headers.get(CLIENT_IP_HEADER);
  if (ip === null) return request;
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  return attachRequestOrigin(new Request(request, { headers }), { ip });
}

/** An API app on a fresh database for the current test file, created before and closed after. */
export function useApi(options: ApiOptions = {}): ApiHarness {
  const harness = {} as ApiHarness;
  beforeAll(async () => {
    harness.test = await createTestDatabase(options);
    harness.app = createApp({ database: harness.test.database, ...options.dependencies?.() });
    const handle = (request: Request) => harness.app.handle(asFromTheServer(request));
    harness.get = (path, init) => handle(new Request(`${BASE}${path}`, init));
    harness.post = (path, body, init) =>
      handle(
        new Request(`${BASE}${path}`, {
          method: 'POST',
          body: typeof body === 'string' ? body : JSON.stringify(body),
          ...init,
          // After `init`, so extra headers add to the JSON content type instead of replacing it.
          headers: { 'content-type': 'application/json', ...init?.headers },
        }),
      );
  });
  afterAll(async () => {
    // Emailed-link work some answers leave behind runs on this database: let it finish first.
    await afterAnswersSettled();
    await harness.test?.cleanup();
  });
  return harness;
}
