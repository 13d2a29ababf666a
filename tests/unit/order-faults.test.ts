import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { CRASH_STEPS, type CrashStep } from '../../api/modules/orders/faults';
import { useApi } from '../helpers/api';
import { confirm, guestOrder, mugLine, sandboxToken } from '../helpers/orders';

const SECRET = 'a-strong-secret-of-more-than-thirty-two-characters';

describe('the order flow’s fault points', () => {
  it('cannot be switched on by the environment: the old test switches are not read', () => {
    const settings = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      ORDER_TEST_CRASH_AT: 'charged',
      ORDER_TEST_HOOKS: '1',
      JOBS_TEST_HOLD_MS: '600',
    });
    expect(settings.orders).toEqual({ recoveryAfterSeconds: 600 });
    expect(settings.jobs).toEqual({ retentionDays: expect.any(Number), everySeconds: 60 });
  });

  const steps: CrashStep[] = [];
  const api = useApi({
    seed: true,
    dependencies: () => ({ afterOrderStep: (step) => steps.push(step) }),
  });

  it('call the hook a harness passes to createApp after each step, in order, once per order', async () => {
    const order = await guestOrder(api, [mugLine(1)], (await sandboxToken(api)).token);
    const key = randomUUID();
    const placed = await confirm(api, order, key);
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect(steps).toEqual([...CRASH_STEPS]);

    // A retry with the same key answers from the stored answer: no step runs again.
    const replay = await confirm(api, order, key);
    expect(replay.status).toBe(201);
    expect(steps).toEqual([...CRASH_STEPS]);
  });
});
