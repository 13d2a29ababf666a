import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The shop owner of the shared e2e server. Before that server starts, the webServer command of
 * playwright.config.ts runs `scripts/admin-create.ts --email ${OWNER_EMAIL}` on its fresh data
 * folder and keeps what it prints in `owner-link.txt` there: the set-password link. The first
 * spec that needs the owner sets the password through that link (it works once); later calls
 * log in. Tests ship and deliver orders as the owner does, through the back office's API.
 */
export const OWNER_EMAIL = 'owner@e2e.example.com';
export const OWNER_PASSWORD = 'cascade spruce lantern owner';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

/** Creates `path` if no one has yet: true for the one caller that did. */
function takeLock(path: string): boolean {
  try {
    writeFileSync(path, '', { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

async function logIn(request: APIRequestContext) {
  return request.post('/api/auth/login', {
    data: { username: OWNER_EMAIL, password: OWNER_PASSWORD },
  });
}

/** The owner's Authorization header, the password set on first use. */
export async function ownerAuthorization(request: APIRequestContext) {
  const done = join(dataDir(), 'owner-password-set');
  // The link works once: of specs running at once, the one that takes the lock uses it.
  if (!existsSync(done) && !takeLock(join(dataDir(), 'owner-password-lock'))) {
    await expect.poll(() => existsSync(done), { timeout: 30_000 }).toBe(true);
  }
  if (!existsSync(done)) {
    const printed = readFileSync(join(dataDir(), 'owner-link.txt'), 'utf8');
    const link = /https?:\/\/\S+\/resetpassword\?\S+/.exec(printed)?.[0];
    expect(link, printed).toBeTruthy();
    const params = new URL(link!).searchParams;
    const reset = await request.post('/api/auth/reset-password', {
      data: { token: params.get('token'), email: params.get('email'), newPassword: OWNER_PASSWORD },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    writeFileSync(done, '');
  }
  const answer = await logIn(request);
  expect(answer.status(), await answer.text()).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Ships an order as the owner does (POST /api/admin/orders/{id}/ship). */
export async function shipAsOwner(
  request: APIRequestContext,
  id: string,
  shipment: { carrier: string; trackingNumber: string },
) {
  const shipped = await request.post(`/api/admin/orders/${id}/ship`, {
    headers: await ownerAuthorization(request),
    data: shipment,
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
}
