import { afterAll, beforeAll } from 'vitest';
import { createApp, type App, type AppDependencies } from '../../api/app';
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

/** An API app on a fresh database for the current test file, created before and closed after. */
export function useApi(options: ApiOptions = {}): ApiHarness {
  const harness = {} as ApiHarness;
  beforeAll(async () => {
    harness.test = await createTestDatabase(options);
    harness.app = createApp({ database: harness.test.database, ...options.dependencies?.() });
    harness.get = (path, init) => harness.app.handle(new Request(`${BASE}${path}`, init));
    harness.post = (path, body, init) =>
      harness.app.handle(
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
    await harness.test?.cleanup();
  });
  return harness;
}
