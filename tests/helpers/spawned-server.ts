import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { freePort } from './free-port';
import { nodeEntry } from './node-entry';
import { preparedPgliteDump } from './prepared-db';

export interface Spawned {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Everything the process wrote to stdout so far. */
  output(): string;
}

/**
 * Starts the TypeScript `entry` in a process of its own (tests/helpers/node-entry.ts) on a free PORT with `env` over the test's environment, and
 * waits until it prints "listening" (tests/helpers/serve-app.ts and the harnesses do). A new
 * embedded database starts from this run's prepared seeded dump (FIRST_IMAGE), as the shop's
 * first start unpacks the build's image, instead of running initdb.
 */
export async function spawnServer(entry: string, env: Record<string, string>): Promise<Spawned> {
  const port = await freePort();
  const place = inject('preparedPlace');
  const image = place ? await preparedPgliteDump(place, 'seeded') : '';
  const child = spawn(process.execPath, await nodeEntry(entry), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      JWT_SECRET: 'spawned-test-secret-spawned-test-secret-0123',
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      FIRST_IMAGE: image,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let written = '';
  child.stdout!.on('data', (chunk: Buffer) => (written += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (written.includes('listening')) resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`${entry} exited early (${code})`)));
  });
  return { child, origin: `http://127.0.0.1:${port}`, output: () => written };
}

/** The process's exit: its code and the signal that ended it. */
export function exited(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}
