import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '../../api/modules/auth/plugin';
import { AUTH_MESSAGES } from '../../core/auth/model';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { authClient, logIn, registerVerified } from './auth-helpers';

/**
 * Issue 22 row 5: a route that needs a signed-in user or an admin refuses a request that is not
 * one before Elysia reads its body. Each body here is a stream that counts how much of it was
 * pulled (nothing is pulled until someone reads: highWaterMark 0).
 */
const CHUNK = new TextEncoder().encode('A'.repeat(64 * 1024));

function countingBody(chunks: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === 0) controller.enqueue(new TextEncoder().encode('{"data":"'));
        if (pulled >= chunks) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        pulled += 1;
        controller.enqueue(CHUNK);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

describe('guarded routes refuse before reading the body (issue 22)', () => {
  const api = useApi();

  const streamed = (
    method: string,
    path: string,
    chunks: number,
    headers: Record<string, string> = {},
  ) => {
    const body = countingBody(chunks);
    const request = new Request(`http://localhost/api${path}`, {
      method,
      body: body.stream,
      headers: { 'content-type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit);
    return { answer: api.app.handle(request), pulled: body.pulled };
  };

  // 14 MB, as the review sent.
  const UPLOAD_CHUNKS = 224;

  it('an anonymous upload of 14 MB answers 401 having read none of it', async () => {
    const { answer, pulled } = streamed('POST', '/admin/uploads', UPLOAD_CHUNKS);
    const response = await answer;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: AUTH_MESSAGES.sessionEnded });
    expect(pulled()).toBe(0);
  });

  it("a customer's upload answers 403 having read none of it; an admin's is read", async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    const { answer, pulled } = streamed('POST', '/admin/uploads', UPLOAD_CHUNKS, {
      authorization: `Bearer ${customer.token}`,
    });
    const response = await answer;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: ADMIN_ONLY_MESSAGE });
    expect(pulled()).toBe(0);

    const admin = await signedInAdmin(api);
    const read = streamed('POST', '/admin/uploads', 4, { authorization: `Bearer ${admin.token}` });
    // Read and validated: not an image.
    expect((await read.answer).status).toBe(400);
    expect(read.pulled()).toBe(4);
  });

  it('every route that refuses a signed-out request does so before reading its body', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    const bodied = api.app.routes.filter(
      (route) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
        // Its 401 is its answer (no refresh cookie), not a guard's.
        route.path !== '/api/auth/refresh',
    );
    const guarded: string[] = [];
    for (const route of bodied) {
      const path = route.path.replace(/^\/api/, '').replace(/:[a-zA-Z]+/g, someId);
      // Which routes need a session: a small, valid JSON body signed out.
      const probe = await api.app.handle(
        new Request(`http://localhost/api${path}`, {
          method: route.method,
          body: '{}',
          headers: { 'content-type': 'application/json' },
        }),
      );
      if (probe.status !== 401 && probe.status !== 403) continue;
      guarded.push(`${route.method} ${route.path}`);
      const { answer, pulled } = streamed(route.method, path, 16);
      const response = await answer;
      expect(response.status, `${route.method} ${route.path}`).toBe(probe.status);
      expect(pulled(), `${route.method} ${route.path} read its body`).toBe(0);
    }
    // The back office, the account's calls and the signed-in order calls are among them.
    expect(guarded).toEqual(
      expect.arrayContaining([
        'POST /api/admin/uploads',
        'POST /api/admin/products',
        'POST /api/auth/changePassword',
        'PUT /api/user/me',
      ]),
    );
  });
});
