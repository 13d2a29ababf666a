import { describe, expect, it } from 'vitest';
import { createRebuildLoop } from '../../scripts/dev-loop.mjs';

/**
 * `npm run dev`'s rebuild loop (scripts/dev-loop.mjs) with stand-ins for the build and the server
 * process, and a timer the test fires by hand.
 */
function harness(results: (string | undefined)[]) {
  const events: string[] = [];
  const timers: (() => void)[] = [];
  let builds = 0;
  const gates: (() => void)[] = [];
  const loop = createRebuildLoop<string, string>({
    build: () =>
      new Promise((resolve) => {
        const result = results[builds++];
        events.push(`build ${builds}`);
        gates.push(() => resolve(result));
      }),
    start: (built) => {
      events.push(`start ${built}`);
      return built;
    },
    stop: async (server) => {
      events.push(`stop ${server}`);
    },
    schedule: (run) => timers.push(run),
    cancel: () => timers.splice(0),
  });
  const finishBuild = async () => {
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { loop, events, timers, finishBuild, builds: () => builds };
}

describe('the dev rebuild loop', () => {
  it('gathers changes made together into one build, then starts the server', async () => {
    const { loop, events, timers, finishBuild } = harness(['a']);
    loop.changed();
    loop.changed();
    loop.changed();
    expect(timers).toHaveLength(1);
    timers.shift()!();
    await finishBuild();
    expect(events).toEqual(['build 1', 'start a']);
  });

  it('stops the old server before starting the new one, and keeps it on a failed build', async () => {
    const { loop, events, finishBuild } = harness(['a', undefined, 'b']);
    void loop.now();
    await finishBuild();
    void loop.now();
    await finishBuild();
    expect(events).toEqual(['build 1', 'start a', 'build 2']);
    void loop.now();
    await finishBuild();
    expect(events).toEqual(['build 1', 'start a', 'build 2', 'build 3', 'stop a', 'start b']);
  });

  it('builds once more after a build during which files changed', async () => {
    const { loop, events, finishBuild, builds } = harness(['a', 'b']);
    void loop.now();
    void loop.now();
    void loop.now();
    expect(builds()).toBe(1);
    await finishBuild();
    expect(builds()).toBe(2);
    await finishBuild();
    expect(events).toEqual(['build 1', 'start a', 'build 2', 'stop a', 'start b']);
  });

  it('stops the server when closed', async () => {
    const { loop, events, finishBuild } = harness(['a']);
    void loop.now();
    await finishBuild();
    await loop.close();
    loop.changed();
    expect(events).toEqual(['build 1', 'start a', 'stop a']);
  });
});
