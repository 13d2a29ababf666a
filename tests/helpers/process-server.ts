/**
 * One server process as production runs it (`apiApp()`: database, migrations, scheduled jobs,
 * catalogue follower) plus the outbox worker delivering to SMTP_URL, served over HTTP on PORT, for
 * tests that run several processes on one PostgreSQL (tests/api/multi-process.test.ts).
 * Run with `node --import tsx tests/helpers/process-server.ts`.
 */
import { createServer } from 'node:http';
import { apiApp, stopOrderRecovery } from '../../api';
import { config } from '../../api/config';
import { appDatabase } from '../../api/db';
import { mailTransportFor } from '../../api/modules/mail/transport';
import { createOutboxWorker } from '../../api/modules/mail/worker';

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
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const response = await app.handle(
    new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
    }),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void Promise.all([worker.stop(), stopOrderRecovery()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
