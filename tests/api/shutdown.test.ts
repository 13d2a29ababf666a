import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited, spawnServer } from '../helpers/spawned-server';

/**
 * The server's clean stop (server/shutdown.ts) in a real process on the embedded database: a
 * request in flight when SIGTERM comes is answered, new connections are refused, the database is
 * closed, and a second signal ends the process at once.
 */
const HARNESS = 'tests/api/harness/stopping-server.ts';
const start = (env: Record<string, string> = {}) =>
  spawnServer(HARNESS, {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-stop-')),
    DATABASE_URL: '', // the embedded database, whichever database the run uses
    ...env,
  });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping the server', () => {
  it('finishes a slow request after SIGTERM, refuses new ones, closes the database', async () => {
    const server = await start();
    const slow = fetch(`${server.origin}/slow?ms=1500`);
    await wait(300);
    server.child.kill('SIGTERM');
    await wait(200);
    await expect(fetch(`${server.origin}/api/health`)).rejects.toThrow();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true, orders: 0 });
    expect(await exited(server.child)).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('closed');
  }, 40_000);

  it('ends at once on a second signal', async () => {
    const server = await start();
    const slow = fetch(`${server.origin}/slow?ms=8000`).catch((error: unknown) => error);
    await wait(300);
    const sent = Date.now();
    server.child.kill('SIGTERM');
    await wait(200);
    server.child.kill('SIGINT');
    expect(await exited(server.child)).toEqual({ code: 1, signal: null });
    expect(Date.now() - sent).toBeLessThan(3000);
    expect(await slow).toBeInstanceOf(Error);
    expect(server.output()).not.toContain('closed');
  }, 40_000);

  it('closes a request still running when the grace is over, then the database', async () => {
    const server = await start({ SHUTDOWN_GRACE_SECONDS: '0.5' });
    const slow = fetch(`${server.origin}/slow?ms=8000`).catch((error: unknown) => error);
    await wait(300);
    const sent = Date.now();
    server.child.kill('SIGTERM');
    expect(await slow).toBeInstanceOf(Error);
    expect(await exited(server.child)).toEqual({ code: 0, signal: null });
    expect(Date.now() - sent).toBeLessThan(4000);
    expect(server.output()).toContain('closed');
  }, 40_000);
});
