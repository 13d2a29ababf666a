import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, processStarted } from '../../api/db/data-lock';
import { shopAddress } from '../../scripts/shop-address';
import { nodeEntry } from '../helpers/node-entry';

/**
 * Issue 39 point 12: `npm run admin:create` prints a link to the address the shop answers at:
 * PUBLIC_SITE_URL when set; else the port of the shop in the data folder's lock; else HOST and
 * PORT, with a note saying so. Never a wildcard listen address a browser cannot open.
 */
const folder = () => mkdtempSync(join(tmpdir(), 'evergreen-address-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('the address admin:create prints', () => {
  it('is PUBLIC_SITE_URL when set, whatever the lock or HOST say', () => {
    const dataDir = folder();
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: 1, started: '1', role: 'the shop', port: 8080 }),
    );
    expect(
      shopAddress({
        publicSiteUrl: 'https://shop.example.com/',
        host: '0.0.0.0',
        port: 4321,
        dataDir,
      }),
    ).toEqual({ url: 'https://shop.example.com' });
  });

  it("falls back to the port in the shop's lock, then to HOST and PORT, and says so", () => {
    const dataDir = folder();
    const settings = { publicSiteUrl: '', host: '0.0.0.0', port: 4321, dataDir };
    const bare = shopAddress(settings);
    expect(bare.url).toBe('http://localhost:4321');
    expect(bare.note).toContain('PUBLIC_SITE_URL is not set');

    // A command's lock names no port: it is no shop to open.
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: 1, started: '1', role: 'npm run backup' }),
    );
    expect(shopAddress(settings).url).toBe('http://localhost:4321');

    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: 4242, started: '1', role: 'the shop', port: 8080 }),
    );
    const locked = shopAddress({ ...settings, host: 'shop.lan' });
    expect(locked.url).toBe('http://shop.lan:8080');
    expect(locked.note).toContain('pid 4242');
    expect(shopAddress({ ...settings, host: '::' }).url).toBe('http://localhost:8080');
    expect(shopAddress({ ...settings, host: '::1' }).url).toBe('http://[::1]:8080');
  });

  it("the command's link opens the port the shop's lock names, not the default", async () => {
    const dataDir = folder();
    // A shop that stopped without tidying its lock (its PID now another program's): the command
    // takes the folder over, and the link goes to the port that shop served.
    const other = spawn('sleep', ['600'], { stdio: 'ignore' });
    children.push(other);
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: other.pid, started: '1', role: 'the shop', port: 8123 }),
    );
    expect(processStarted(other.pid!)).not.toBe('1');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...(await nodeEntry('scripts/admin-create.ts')), '--email', 'owner@example.com'],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: '',
          PUBLIC_SITE_URL: '',
          DATA_DIR: dataDir,
          HOST: '0.0.0.0',
          PORT: '4321',
        },
      },
    );
    expect(stdout).toContain('Created the admin account owner@example.com');
    expect(stdout).toMatch(/\nhttp:\/\/localhost:8123\/resetpassword\?token=\S+/);
    expect(stdout).not.toContain(':4321');
    expect(stdout).toContain('PUBLIC_SITE_URL is not set');
  }, 120_000);
});
