import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeGuestOrder } from '../helpers/http-orders';
import { exited, spawnServer } from '../helpers/spawned-server';
import { nodeEntry } from '../helpers/node-entry';

/**
 * Private files (issue 36 rows 4 and 14): after a first start in a fresh DATA_DIR, an order's
 * email and a backup, nothing in the folder is readable or writable by anyone but the shop's
 * user (PGlite sets 0666 itself; the umask here is the usual 022). A mail file that fails to be
 * written leaves nothing behind.
 */
const run = promisify(execFile);

function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.mode & 0o077) found.push(`${(stat.mode & 0o777).toString(8)} ${path}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

const waitFor = async (check: () => boolean, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
};

describe('the data folder after a first start', () => {
  it('holds nothing readable or writable by others: database, mail, backups, lock', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'evergreen-private-')), 'data');
    const previous = process.umask(0o022);
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      const shop = await spawnServer('tests/api/harness/stopping-server.ts', env);
      try {
        expect((await placeGuestOrder(`${shop.origin}/api`)).status).toBe(201);
        const mail = join(dataDir, 'mail');
        await waitFor(() => existsSync(mail) && readdirSync(mail).some((n) => n.endsWith('.eml')));
        await run(process.execPath, await nodeEntry('scripts/backup.ts'), {
          env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
        });
        expect(readdirSync(join(dataDir, 'backups')).length).toBeGreaterThan(0);
        expect(readdirSync(mail).some((name) => name.endsWith('.eml'))).toBe(true);
        expect(openToOthers(dataDir)).toEqual([]);
      } finally {
        shop.child.kill('SIGTERM');
        await exited(shop.child);
      }
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  }, 120_000);
});

describe('a mail file on a full disk', () => {
  afterEach(() => {
    vi.doUnmock('node:fs/promises');
    vi.resetModules();
  });

  it('leaves no empty .eml behind', async () => {
    // The helpers this file imports load the mail module through its index: start from fresh
    // modules so the transport below is loaded with the full disk in place.
    vi.resetModules();
    vi.doMock('node:fs/promises', async (original) => {
      const actual = await original<typeof import('node:fs/promises')>();
      return {
        ...actual,
        // The file is made, then the disk is full before anything is in it.
        writeFile: async (path: string) => {
          await actual.writeFile(path, '');
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        },
      };
    });
    const { fileTransport } = await import('../../api/modules/mail/transport');
    const folder = mkdtempSync(join(tmpdir(), 'evergreen-full-'));
    const transport = fileTransport(folder);
    const message = {
      id: 'a1b2',
      kind: 'order.confirmation',
      from: 'Evergreen <shop@example.com>',
      to: 'ada@example.com',
      subject: 'Your order',
      text: 'Thank you.',
    };
    await expect(transport.send(message)).rejects.toThrow(/ENOSPC/);
    transport.close();
    expect(readdirSync(folder)).toEqual([]);
  });
});
