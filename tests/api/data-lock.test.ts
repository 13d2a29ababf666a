import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderInUse, LOCK_FILE, lockDataFolder, processStarted } from '../../api/db/data-lock';
import { exited, spawnServer, type Spawned } from '../helpers/spawned-server';
import { nodeEntry } from '../helpers/node-entry';

/**
 * One owner per data folder (issue 36 row 2, row 15): the server and the commands that open the
 * embedded database take one lock in DATA_DIR; a second owner is refused with one sentence naming
 * the running shop; a lock whose PID is dead or reused by another program is stale and that
 * program is never signalled.
 */
const run = promisify(execFile);
/** Runs a script (or with `-e`, code) as its own process: its exit code and what it printed. */
const command = async ([entry, ...args]: string[], env: Record<string, string>) =>
  run(
    process.execPath,
    [...(entry === '-e' ? ['--import', 'tsx', entry] : await nodeEntry(entry!)), ...args],
    {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    },
  ).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
const folder = (name: string) => mkdtempSync(join(tmpdir(), `evergreen-${name}-`));
const children: ChildProcess[] = [];
/** Another program (a `sleep`), whose PID a stale lock may name. */
function otherProgram(): ChildProcess {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('the data folder lock', () => {
  it('refuses a second owner while the first lives, and takes over a lock whose PID was reused', () => {
    const dir = folder('lock');
    const other = otherProgram();
    const started = processStarted(other.pid!)!;
    expect(started).toMatch(/^\d+$/);
    const live = { pid: other.pid, started, role: 'the shop', port: 4321 };
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(live));
    expect(() => lockDataFolder(dir, 'npm run db:migrate')).toThrow(DataFolderInUse);
    expect(() => lockDataFolder(dir, 'npm run db:migrate')).toThrow(
      `The shop is already running on ${dir} (pid ${other.pid}, port 4321): stop it first, or use another DATA_DIR.`,
    );

    // The same PID, another start time: the shop that wrote it is gone, the PID is reused.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ ...live, started: '1' }));
    const release = lockDataFolder(dir, 'npm run db:migrate');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      role: 'npm run db:migrate',
    });
    release();
    expect(() => readFileSync(join(dir, LOCK_FILE))).toThrow();
    expect(other.exitCode).toBeNull();
  });

  it('refuses a second server and the commands on a running shop’s folder, in one sentence', async () => {
    const dataDir = folder('owner');
    let first: Spawned | undefined;
    try {
      first = await spawnServer('tests/api/harness/stopping-server.ts', {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      });
      const port = new URL(first.origin).port;
      const sentence = `The shop is already running on ${dataDir} (pid ${first.child.pid}, port ${port}): stop it first, or use another DATA_DIR.`;

      const second = await command(
        ['-e', "import('./server/serve.ts').then((m) => m.startServer('test'))"],
        {
          DATA_DIR: dataDir,
          PORT: '0',
          JWT_SECRET: 'spawned-test-secret-spawned-test-secret-0123',
        },
      );
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toBe(`Evergreen cannot start: ${sentence}`);

      for (const script of ['db-migrate', 'db-seed']) {
        const refused = await command([`scripts/${script}.ts`], { DATA_DIR: dataDir });
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim()).toBe(sentence);
      }
      const admin = await command(['scripts/admin-create.ts', '--email', 'owner@example.com'], {
        DATA_DIR: dataDir,
        PORT: '1',
      });
      expect(admin.code).toBe(1);
      expect(admin.stderr.trim()).toBe(sentence);
      expect((await fetch(`${first.origin}/api/health`)).status).toBe(200);
    } finally {
      first?.child.kill('SIGTERM');
      if (first) await exited(first.child);
    }
  }, 90_000);

  it('never signals a program whose PID a stale lock or pid file names', async () => {
    const dataDir = folder('stale');
    const backups = folder('stale-backups');
    const other = otherProgram();
    const stale = { pid: other.pid, started: '1', role: 'the shop', port: 4321 };
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify(stale));
    const migrated = await command(['scripts/db-migrate.ts'], { DATA_DIR: dataDir });
    expect(migrated.stdout).toContain('Migrations applied (pglite).');
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify(stale));
    writeFileSync(join(dataDir, 'server.pid'), String(other.pid));
    const backup = await command(['scripts/backup.ts'], { DATA_DIR: dataDir, BACKUP_DIR: backups });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();
    expect(backup.stdout).toContain('Backup written:');
  }, 90_000);
});
