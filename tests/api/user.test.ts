import { afterAll, describe, expect, it } from 'vitest';
import { useApi } from '../helpers/api';
import { authClient, bearer, expectNoLeaks, logIn, registerVerified } from './auth-helpers';

describe('GET and PUT /user/me (spec §7)', () => {
  const api = useApi();
  const client = authClient(api);
  afterAll(() => expectNoLeaks(client));

  it('answers the signed-in user as spec §3 shapes it, and 401 to anyone else', async () => {
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const me = await client.get('/user/me', bearer(token));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      username: account.email,
      firstname: 'Ann',
      lastname: 'Lee',
      verifiedemail: true,
    });
    expect((await client.get('/user/me')).status).toBe(401);
  });

  it('PUT /user/me changes the names with the person-details rules', async () => {
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const updated = await client.put(
      '/user/me',
      { firstname: 'José', lastname: 'Núñez-Smith' },
      bearer(token),
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ firstname: 'José', lastname: 'Núñez-Smith' });
    const refused = await client.put(
      '/user/me',
      { firstname: 'Ann\nBcc: x', lastname: 'Lee' },
      bearer(token),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { firstname: 'Unable to parse name' } });
    expect(await (await client.put('/user/me', { firstname: 'A', lastname: 'B' })).status).toBe(
      401,
    );
  });
});
