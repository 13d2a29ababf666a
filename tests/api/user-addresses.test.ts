import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { userAddresses } from '../../api/db/schema';
import { ADDRESS_MESSAGES } from '../../core/address/model';
import { ADDRESS_BOOK_MESSAGES } from '../../core/user/addresses-model';
import { useApi } from '../helpers/api';
import { PORTLAND, SEATTLE } from '../helpers/orders';
import { authClient, bearer, expectNoLeaks, logIn, registerVerified } from './auth-helpers';

describe('a customer’s addresses (GET /user/addresses, POST /user/addAddress, DELETE /user/address)', () => {
  const api = useApi();
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  const send = (method: 'DELETE', path: string, body: unknown, token?: string) =>
    api.app.handle(
      new Request(`http://localhost/api${path}`, {
        method,
        body: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      }),
    );

  async function signedIn() {
    const account = await registerVerified(client, api);
    return (await logIn(client, account)).token;
  }

  it('adds with the checkout’s address rules, lists oldest first, deletes', async () => {
    const token = await signedIn();
    expect(await (await client.get('/user/addresses', bearer(token))).json()).toEqual([]);

    const first = await client.post('/user/addAddress', SEATTLE, bearer(token));
    expect(first.status).toBe(201);
    const saved = await first.json();
    expect(saved).toMatchObject({ ...SEATTLE, _id: expect.any(String) });
    const second = await client.post(
      '/user/addAddress',
      { ...PORTLAND, state: 'or' },
      bearer(token),
    );
    expect(second.status).toBe(201);
    // The same address again is kept once.
    expect((await (await client.post('/user/addAddress', SEATTLE, bearer(token))).json())._id).toBe(
      saved._id,
    );

    const list = await (await client.get('/user/addresses', bearer(token))).json();
    expect(list.map((a: { line1: string; state: string }) => [a.line1, a.state])).toEqual([
      [SEATTLE.line1, 'WA'],
      [PORTLAND.line1, 'OR'],
    ]);

    const deleted = await send('DELETE', '/user/address', { _id: saved._id }, token);
    expect(deleted.status).toBe(200);
    const after = await (await client.get('/user/addresses', bearer(token))).json();
    expect(after.map((a: { _id: string }) => a._id)).not.toContain(saved._id);
    expect(after).toHaveLength(1);
  });

  it('refuses an address against the section 5 rules (400 with the field’s message)', async () => {
    const token = await signedIn();
    const refused = await client.post(
      '/user/addAddress',
      { ...SEATTLE, state: 'AK', zipcode: '99501' },
      bearer(token),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toMatchObject({ state: ADDRESS_MESSAGES.state });
    const badZip = await client.post(
      '/user/addAddress',
      { ...SEATTLE, zipcode: '97204' },
      bearer(token),
    );
    expect(badZip.status).toBe(400);
    expect((await badZip.json()).fields).toMatchObject({
      zipcode: ADDRESS_MESSAGES.zipInOtherState,
    });
    expect(await (await client.get('/user/addresses', bearer(token))).json()).toEqual([]);
  });

  it('answers 401 to every call without a session', async () => {
    expect((await client.get('/user/addresses')).status).toBe(401);
    expect((await client.post('/user/addAddress', SEATTLE)).status).toBe(401);
    expect((await send('DELETE', '/user/address', { _id: crypto.randomUUID() })).status).toBe(401);
  });

  it('never shows or deletes another customer’s address: 404, nothing changed', async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    const annAddress = await (await client.post('/user/addAddress', SEATTLE, bearer(ann))).json();

    expect(await (await client.get('/user/addresses', bearer(bob))).json()).toEqual([]);
    const refused = await send('DELETE', '/user/address', { _id: annAddress._id }, bob);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toBe(ADDRESS_BOOK_MESSAGES.notFound);
    expect((await send('DELETE', '/user/address', { _id: 'not-an-id' }, bob)).status).toBe(404);

    const [row] = await api.test.database.db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.id, annAddress._id));
    expect(row).toMatchObject({ line1: SEATTLE.line1, city: SEATTLE.city });
    expect(await (await client.get('/user/addresses', bearer(ann))).json()).toHaveLength(1);
  });
});
