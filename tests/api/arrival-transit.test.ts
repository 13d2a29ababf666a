import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { arrivalWindow, type CartArrival } from '../../core/arrival';
import type { ArrivalSettingsDto } from '../../core/arrival-settings';
import { useApi, type ApiHarness } from '../helpers/api';
import { mugLine, SEATTLE } from '../helpers/orders';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/*
 * Issue 41 point 1: a per-state transit table the owner can adjust, its defaults the spec's 5–7
 * days. Set for one state, it moves that state's quote and widens the range promised while the
 * state is unknown; put back to the default, both return; each change is audited.
 */
const MUG = seedProductId('cedar-ridge-mug');

async function send(api: ApiHarness, method: string, path: string, token: string, body?: object) {
  return api.app.handle(
    new Request(`http://localhost/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...bearer(token).headers },
      body: JSON.stringify(body ?? {}),
    }),
  );
}

describe("the owner's transit days (issue 41)", () => {
  const api: ApiHarness = useApi({ seed: true });

  const quoteToSeattle = async () => {
    const quoted = await api.post('/orders/quote', {
      items: [mugLine(1)],
      shippingAddress: SEATTLE,
    });
    return ((await quoted.json()) as { arrival: CartArrival & { latest: string } }).arrival;
  };
  const continental = async () => {
    const answer = await api.get(`/arrival?product=${MUG}`);
    return ((await answer.json()) as { arrival: CartArrival & { earliest: string } }).arrival;
  };

  it('starts at 5–7 days for every state, is set for one, and is put back to the default', async () => {
    const admin = await signedInAdmin(api);
    const before = (await (
      await api.get('/admin/arrival', bearer(admin.token))
    ).json()) as ArrivalSettingsDto;
    expect(before.transit).toHaveLength(49);
    expect(
      new Set(before.transit.map(({ min, max, custom }) => `${min}-${max}-${custom}`)),
    ).toEqual(new Set(['5-7-false']));
    const now = new Date();
    const spec = arrivalWindow({ now, closures: [], transit: { min: 5, max: 7 } });
    expect(await quoteToSeattle()).toMatchObject(spec);

    const set = await send(api, 'PUT', '/admin/arrival/transit', admin.token, {
      state: 'WA',
      min: 2,
      max: 9,
    });
    expect(set.status, await set.clone().text()).toBe(200);
    const changed = (await set.json()) as ArrivalSettingsDto;
    expect(changed.transit.find((row) => row.state === 'WA')).toEqual({
      state: 'WA',
      min: 2,
      max: 9,
      custom: true,
    });
    expect(changed.transit.filter((row) => row.custom)).toHaveLength(1);
    const washington = arrivalWindow({ now, closures: [], transit: { min: 2, max: 9 } });
    expect(await quoteToSeattle()).toMatchObject(washington);
    // While the state is unknown, the fastest and the slowest over every state.
    expect(await continental()).toMatchObject(washington);

    const reset = await send(api, 'DELETE', '/admin/arrival/transit/WA', admin.token);
    expect(reset.status).toBe(200);
    const back = (await reset.json()) as ArrivalSettingsDto;
    expect(back.transit.find((row) => row.state === 'WA')).toEqual({
      state: 'WA',
      min: 5,
      max: 7,
      custom: false,
    });
    expect(await quoteToSeattle()).toMatchObject(spec);
    expect(await continental()).toMatchObject(spec);

    const audits = await api.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'WA'));
    const changes = audits.map(({ action, before, after }) => ({ action, before, after }));
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(
      expect.arrayContaining([
        { action: 'arrival.transit-set', before: null, after: { min: 2, max: 9 } },
        { action: 'arrival.transit-default', before: { min: 2, max: 9 }, after: null },
      ]),
    );
  });
});
