// npm run admin:create -- --email owner@example.com [--firstname Ann --lastname Lee]
// Creates an admin account or promotes an existing one and prints a one-time set-password link.
// Works before the first start (it migrates an empty database), on the embedded database while the
// shop is stopped, and on PostgreSQL at any time.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { config } from '../api/config';
import { createOrPromoteAdmin } from '../api/modules/admin';
import { shopDetails } from '../api/modules/mail';
import { reportRefusal, withMigratedDatabase } from './configured-database';
import { shopAddress } from './shop-address';

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
const adminEmail = email.data;

// The address to open: the shop's public one, else its lock's port (read before this command
// takes the lock itself), else HOST and PORT, said as such (issue 39 point 12).
function addressToOpen() {
  const settings = config();
  return shopAddress({
    publicSiteUrl: process.env.PUBLIC_SITE_URL,
    host: settings.host,
    port: settings.port,
    dataDir: settings.dataDir,
  });
}

async function createAdmin() {
  const address = addressToOpen();
  // On the embedded database, refused while the shop (or another command) owns its data folder.
  await withMigratedDatabase('npm run admin:create', async (database) => {
    const shop = { ...shopDetails(), siteUrl: address.url };
    const result = await createOrPromoteAdmin(database.db, shop, {
      email: adminEmail,
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
    if (address.note) console.log(address.note);
  });
}

await createAdmin().catch(reportRefusal);
