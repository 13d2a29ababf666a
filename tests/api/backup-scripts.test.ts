import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exited, spawnServer } from '../helpers/spawned-server';
import { nodeEntry } from '../helpers/node-entry';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (README, docs/production.md), on
 * the embedded database: the backup is taken by the running shop, which owns its database; a
 * restore is refused while it runs and over existing data without --force, and prints the counts
 * beside the manifest's.
 */
const run = promisify(execFile);
const script = async (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [...(await nodeEntry(`scripts/${name}.ts`)), ...args], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
  }).catch((error: { stdout: string; stderr: string; code: number }) => error);

describe('the backup and restore commands', () => {
  it('back up a running shop and restore it into a stopped one', async () => {
    const shopDir = mkdtempSync(join(tmpdir(), 'evergreen-shop-'));
    const backups = mkdtempSync(join(tmpdir(), 'evergreen-backups-'));
    const env = { DATA_DIR: shopDir, BACKUP_DIR: backups };
    const shop = await spawnServer('tests/api/harness/stopping-server.ts', {
      ...env,
      DATABASE_URL: '',
    });
    try {
      const backup = await script('backup', [], env);
      expect(backup.stdout).toMatch(
        /^The shop is running \(pid \d+\): it takes the backup of its database\.\nBackup written: .+evergreen-backup-.+\.tar\.gz\n$/,
      );
      const [archive] = readdirSync(backups).filter((name) => name.endsWith('.tar.gz'));
      const file = join(backups, archive!);

      const whileRunning = await script('restore', [file], env);
      expect(whileRunning.stderr).toContain(
        `The restore failed: The shop is running (pid ${shop.child.pid}) on ${shopDir}: stop it first.`,
      );

      shop.child.kill('SIGTERM');
      expect(await exited(shop.child)).toEqual({ code: 0, signal: null });
      const over = await script('restore', [file], env);
      expect(over.stderr).toContain('The restore failed: Not restoring over existing data');

      const fresh = mkdtempSync(join(tmpdir(), 'evergreen-fresh-'));
      const restored = await script('restore', [file], { DATA_DIR: fresh });
      expect(restored.stderr + restored.stdout).toContain(`into ${fresh}.`);
      expect(restored.stdout).toMatch(
        / {2}orders: 0 \(the backup says 0\) ok\n {2}customers: 0 \(the backup says 0\) ok\n {2}products: (\d+) \(the backup says \1\) ok\n/,
      );
    } finally {
      shop.child.kill('SIGKILL');
    }
  }, 120_000);
});
