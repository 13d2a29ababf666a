import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';

/**
 * Starting on PostgreSQL as the README says: a database that does not exist is created; a role
 * that may not create it is told the command that does; a server refusing the connection is one
 * sentence naming DATABASE_URL. Never a stack trace, and exit code 1 for every refusal. The
 * built server when there is one (CI builds before this suite), else the entry through tsx.
 */
const BASE_URL = process.env.DATABASE_URL;
const BUILT = join(process.env.BUILD_DIR ?? 'dist', 'serve.mjs');
// server/serve.ts is a module, not an entry (server/start.ts is, and only in a build): without a
// build, the entry's one step is run through tsx.
const command = existsSync(BUILT)
  ? [BUILT]
  : [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { startServer } = await import('./server/serve.ts'); startServer(process.env.NODE_ENV);",
    ];

interface Run {
  code: number | null;
  output: string;
}

function withDatabase(url: string, name: string, user?: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  if (user) {
    parsed.username = user;
    parsed.password = 'start-up-test';
  }
  return parsed.toString();
}

/** Runs the server until it exits or `until` matches what it printed (then stops it). */
function run(databaseUrl: string, until?: RegExp): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-start-')),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const noStack = (output: string) => expect(output).not.toMatch(/^\s+at /m);

describe('starting against a PostgreSQL server that refuses the connection', () => {
  it('says so in one sentence naming DATABASE_URL and exits with 1', async () => {
    const port = await freePort();
    const { code, output } = await run(`postgres://postgres@127.0.0.1:${port}/evergreen`);
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toEqual([
      `Evergreen cannot start: Cannot connect to the PostgreSQL server in DATABASE_URL (127.0.0.1:${port}): it refused the connection; start PostgreSQL or correct DATABASE_URL.`,
    ]);
    noStack(output);
  }, 60_000);
});

describe.runIf(Boolean(BASE_URL))('starting on a PostgreSQL database that does not exist', () => {
  const name = `evergreen_start_${randomBytes(6).toString('hex')}`;
  const role = `evergreen_start_${randomBytes(4).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: BASE_URL });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`drop database if exists ${name}_refused with (force)`);
    await client.query(`drop role if exists ${role}`);
    await client.end();
  });

  it('creates it, migrates it and starts', async () => {
    const { output } = await run(withDatabase(BASE_URL!, name), /is open at|cannot start/);
    expect(output).toContain(`Created the PostgreSQL database "${name}"`);
    noStack(output);
    const client = new pg.Client({ connectionString: withDatabase(BASE_URL!, name) });
    await client.connect();
    const products = await client.query('select count(*)::int as n from products');
    await client.end();
    expect(products.rows[0].n).toBeGreaterThan(0);
    if (command[0] === BUILT) expect(output).toMatch(/is open at/);
  }, 120_000);

  it('tells a role that may not create it the command that does, and exits with 1', async () => {
    const client = admin();
    await client.connect();
    await client.query(`create role ${role} login nocreatedb password 'start-up-test'`);
    await client.end();
    const { code, output } = await run(withDatabase(BASE_URL!, `${name}_refused`, role));
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Evergreen cannot start: The database "${name}_refused" named in DATABASE_URL does not exist .* may not create it: create it with \`createdb .*${name}_refused\`, then start again\\.$`,
      ),
    );
    expect(output).not.toContain('start-up-test');
    noStack(output);
  }, 60_000);
});
