import { spawn } from 'node:child_process';
import { copyOfPreparedDataDir } from '../../helpers/data-dir';

const entry = `${process.env.BUILD_DIR ?? 'dist'}/serve.mjs`;
const OPEN = /is open at http:\/\/[^:]+:(\d+)\//;

export interface Run {
  code: number | null;
  output: string;
}

/** Starts the built server with `env` and collects what it prints until it exits or `until`. */
export function startServer(env: Record<string, string>, until?: (output: string) => boolean) {
  const child = spawn('node', [entry], {
    env: {
      ...process.env,
      DATA_DIR: copyOfPreparedDataDir(),
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

/** Starts the built server with `env` on a free port and answers its address once it is open. */
export async function openServer(env: Record<string, string> = {}) {
  const server = startServer({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, (output) =>
    OPEN.test(output),
  );
  await server.ready;
  const port = OPEN.exec(server.output())![1];
  return {
    base: `http://127.0.0.1:${port}`,
    output: server.output,
    stop: () => server.child.kill('SIGTERM'),
    /** Stops the server and answers all it printed, the lines written on the way out included. */
    stopped: async () => {
      server.child.kill('SIGTERM');
      return (await server.exited).output;
    },
  };
}
