/**
 * One server process as production runs it (`apiApp()`: database, migrations, scheduled jobs,
 * catalogue follower) plus the outbox worker delivering to SMTP_URL, served over HTTP on PORT, for
 * tests that run several processes on one PostgreSQL (tests/api/multi-process.test.ts).
 * Run with `node --import tsx tests/helpers/process-server.ts`.
 */
import { apiApp, stopBackgroundWork } from '../../api';
import { config } from '../../api/config';
import { appDatabase } from '../../api/app-database';
import { mailTransportFor } from '../../api/modules/mail/transport';
import { createOutboxWorker } from '../../api/modules/mail/worker';
import { serveApp } from './serve-app';

const settings = config();
const database = await appDatabase();
const worker = createOutboxWorker({
  db: database.db,
  transport: mailTransportFor({ smtpUrl: settings.mail.smtpUrl, dataDir: settings.dataDir }),
  from: settings.mail.from,
  pollMs: 100,
});
worker.start();
const app = await apiApp();
const server = serveApp(app);
process.on('SIGTERM', () => {
  server.close();
  void Promise.all([worker.stop(), stopBackgroundWork()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
