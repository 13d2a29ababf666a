import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signedIn } from './account';
import { serverDataDir } from './server';

/**
 * The shop owner of an e2e server (each has its own: support/server.ts). Before that server starts, the webServer command of
 * playwright.config.ts runs `scripts/admin-create.ts --email ${OWNER_EMAIL}` on its fresh data
 * folder and keeps what it prints in `owner-link.txt` there: the set-password link. The first
 * spec that needs the owner sets the password through that link (it works once); later calls
 * log in. Tests ship and deliver orders as the owner does, through the back office's API.
 */
export const OWNER_EMAIL = 'owner@e2e.example.com';
export const OWNER_PASSWORD = 'cascade spruce lantern owner';

async function logIn(request: APIRequestContext) {
  return request.post('/api/auth/login', {
    data: { username: OWNER_EMAIL, password: OWNER_PASSWORD },
  });
}

/** The owner's Authorization header, the password set on first use. */
export async function ownerAuthorization(request: APIRequestContext) {
  const done = join(serverDataDir(), 'owner-password-set');
  if (!existsSync(done)) {
    const printed = readFileSync(join(serverDataDir(), 'owner-link.txt'), 'utf8');
    const link = /https?:\/\/\S+\/resetpassword\?\S+/.exec(printed)?.[0];
    expect(link, printed).toBeTruthy();
    const params = new URL(link!).searchParams;
    const reset = await request.post('/api/auth/reset-password', {
      data: { token: params.get('token'), email: params.get('email'), newPassword: OWNER_PASSWORD },
    });
    // Two workers may both get here first: the link works once, and the other one logs in.
    const login = reset.status() === 200 ? undefined : await logIn(request);
    expect(reset.status() === 200 || login?.status() === 200, await reset.text()).toBe(true);
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

/**
 * Signs the owner in (the login page's own answer stored as it stores it: support/account.ts
 * signedIn) and waits for `next` to open. The owner's login through the page is admin.spec.ts's.
 */
export async function ownerLogsIn(page: Page, next = '/admin') {
  await ownerAuthorization(page.request); // sets the password on first use
  await signedIn(page, OWNER_EMAIL, OWNER_PASSWORD, next);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}
