// npm run admin:create -- --email owner@example.com [--firstname Ann --lastname Lee]
// Creates an admin account or promotes an existing one and prints a one-time set-password link.
// Works before the first start (it migrates an empty database), on the embedded database while the
// shop is stopped, and on PostgreSQL at any time.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { config } from '../api/config';
import { createOrPromoteAdmin } from '../api/modules/admin/accounts';
import { shopDetails } from '../api/modules/mail/templates';
import { embeddedDataDir, withMigratedDatabase } from './configured-database';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
  },
});
const email = z.email().max(254).safeParse(values.email?.trim());
if (!email.success) {
  console.error('Usage: npm run admin:create -- --email owner@example.com');
  process.exit(2);
}

const settings = config();

/** Whether a shop answers on the configured address (it then holds the embedded database). */
async function shopIsRunning(): Promise<boolean> {
  const hosts = new Set([settings.host, '127.0.0.1', '[::1]']);
  for (const host of hosts) {
    try {
      const answer = await fetch(`http://${host}:${settings.port}/api/health`, {
        signal: AbortSignal.timeout(1500),
      });
      if (answer.status > 0) return true;
    } catch {
      // Nothing listening there.
    }
  }
  return false;
}

const dataDir = embeddedDataDir();
if (!settings.databaseUrl && (await shopIsRunning())) {
  console.error(
    `The shop is running (port ${settings.port}) and holds its embedded database (${dataDir}).\n` +
      'Stop the shop, run this command again, then start the shop. ' +
      '(With DATABASE_URL set to PostgreSQL this works while the shop runs.)',
  );
  process.exit(1);
}

await withMigratedDatabase(async (database) => {
  const result = await createOrPromoteAdmin(database.db, shopDetails(), {
    email: email.data,
    ...(values.firstname ? { firstname: values.firstname } : {}),
    ...(values.lastname ? { lastname: values.lastname } : {}),
  });
  const what = {
    created: 'Created the admin account',
    promoted: 'Promoted the existing account to admin:',
    admin: 'Already an admin:',
  }[result.outcome];
  console.log(`${what} ${result.email}`);
  console.log(
    `Set its password within ${result.expiresInMinutes} minutes (the link works once):\n${result.link}`,
  );
});
