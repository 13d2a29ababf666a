/**
 * The shop's API as the production server starts it (database, migrations, mail worker, scheduled
 * jobs, the backups `npm run backup` asks for) behind the production server's own shutdown (server/shutdown.ts), plus one route of the
 * harness's: `GET /slow?ms=…` waits, then reads the database and answers, so a test can send
 * SIGTERM while a request is in flight (tests/api/shutdown.test.ts). Prints "listening" when up
 * and "closed" once the database is closed. Run with `node --import tsx …/stopping-server.ts`.
 */
import { createServer } from 'node:http';
import { count } from 'drizzle-orm';
import { apiApp, stopBackgroundWork } from '../../../api';
import { config } from '../../../api/config';
import { appDatabase } from '../../../api/app-database';
import { orders } from '../../../api/db/schema';
import { mailTransportFor } from '../../../api/modules/mail/transport';
import { createOutboxWorker } from '../../../api/modules/mail/worker';
import { answerBackupRequests } from '../../../server/backup-requests';
import { guardProcess } from '../../../server/process-guard';
import { gracefulShutdown } from '../../../server/shutdown';
import { appListener } from '../../helpers/serve-app';

const settings = config();
// A new embedded database from the image a test names (FIRST_IMAGE), as the server's first start.
const database = await appDatabase({ initialImage: process.env.FIRST_IMAGE });
const worker = createOutboxWorker({
  db: database.db,
  transport: mailTransportFor({ smtpUrl: settings.mail.smtpUrl, dataDir: settings.dataDir }),
  from: settings.mail.from,
});
worker.start();
const answer = appListener(await apiApp());

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://harness.invalid');
  const work =
    url.pathname === '/slow'
      ? (async () => {
          await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get('ms'))));
          const [row] = await database.db.select({ orders: count() }).from(orders);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ finished: true, orders: row?.orders }));
        })()
      : answer(req, res);
  stop.track(req, res, work);
});
const stop = gracefulShutdown(server, {
  graceMs: settings.shutdownGraceMs,
  async closeResources() {
    backupRequests.stop();
    await worker.stop();
    await stopBackgroundWork();
    await database.close();
    console.log('closed');
  },
});
stop.onSignals();
guardProcess();
const backupRequests = answerBackupRequests(database, settings);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
