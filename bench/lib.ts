import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../tests/helpers/free-port';

export interface RunningServer {
  url: string;
  /** The server's process id (for its memory: see `peakRssMb`). */
  pid: number;
  stop(): Promise<void>;
}

/** A shop server's environment: this process's, on `port` of localhost, with its data in `dataDir`. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
}

/** Starts a server process on a free port with a fresh data folder and waits for /api/health. */
export async function startServer(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'evergreen-bench-'));
  const child: ChildProcess = spawn(command, args, {
    env: { ...serverEnv(port, dataDir), NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine may take a while to open a fresh database (BENCH_START_SECONDS, default 180).
  const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 180);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited early`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not become healthy in ${startSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon's requests that cycle through `paths`, or ask for a new path each time. */
export function requestsOf(paths: string[] | (() => string)): autocannon.Request[] {
  return typeof paths === 'function'
    ? [
        {
          method: 'GET',
          setupRequest: (request: autocannon.Request) => ({ ...request, path: paths() }),
        },
      ]
    : paths.map((path) => ({ method: 'GET', path }));
}

/**
 * A load of `connections` for `seconds` on one URL (bounded in time), after a short warm-up; with
 * `requests`, those requests (see `requestsOf`) in turn instead of the URL's path.
 */
export async function load(
  label: string,
  url: string,
  {
    connections = 32,
    seconds = 10,
    requests,
  }: { connections?: number; seconds?: number; requests?: autocannon.Request[] } = {},
): Promise<LoadResult> {
  const options = requests ? { url, connections, requests } : { url, connections };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printTable(results: LoadResult[]): void {
  console.log(
    ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'].map((h) => h.padEnd(14)).join(''),
  );
  for (const r of results) {
    console.log(
      [r.label, r.requestsPerSecond.toFixed(0), r.p50, r.p99, r.errors, r.non2xx]
        .map((cell) => String(cell).padEnd(14))
        .join(''),
    );
  }
}

/** A process's resident memory now and at its peak, in MB (Linux /proc). */
export function rssMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The PostgreSQL server the benches make their scratch databases on (its admin database). */
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `work` on a fresh, empty PostgreSQL database (its URL), dropped afterwards. */
export async function withScratchDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `evergreen_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  try {
    return await work(url.toString());
  } finally {
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}
