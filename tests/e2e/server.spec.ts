import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const entry = `${process.env.BUILD_DIR ?? 'dist'}/serve.mjs`;

interface Run {
  code: number | null;
  output: string;
}

/** Starts the built server with `env` and collects what it prints until it exits or `until`. */
function startServer(env: Record<string, string>, until?: (output: string) => boolean) {
  const child = spawn('node', [entry], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-server-')),
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
  return { child, ready, exited, output: () => output };
}

test('production without JWT_SECRET refuses to start and names the variable', async () => {
  const server = startServer({ NODE_ENV: 'production', JWT_SECRET: '' });
  const { code, output } = await server.exited;
  expect(code).toBe(1);
  expect(output).toContain('JWT_SECRET');
  expect(output).not.toMatch(/is open at/);
});

test('production with a weak JWT_SECRET refuses to start', async () => {
  const server = startServer({ NODE_ENV: 'production', JWT_SECRET: 'secret' });
  const { code, output } = await server.exited;
  expect(code).toBe(1);
  expect(output).toContain('JWT_SECRET is too weak');
});

test('SIGTERM closes kept-alive connections, stops accepting and exits cleanly', async () => {
  const server = startServer(
    { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(20) + 'B'.repeat(20), LOG_LEVEL: 'info' },
    (output) => /is open at http:\/\/[^:]+:(\d+)\//.test(output),
  );
  await server.ready;
  const port = /is open at http:\/\/[^:]+:(\d+)\//.exec(server.output())![1];
  const base = `http://127.0.0.1:${port}`;
  // fetch keeps its connection alive after this answer; shutdown must not wait for it.
  const response = await fetch(`${base}/`);
  expect(await response.text()).toContain('Featured Products');

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const { code, output } = await server.exited;
  expect(code).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(5_000);
  expect(output).toContain('"message":"shutting down"');
  expect(output).toContain('"message":"stopped"');
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
});
