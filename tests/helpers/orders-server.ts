/**
 * The API as the production server starts it (`apiApp()`: database, migrations, the order
 * recovery job), served over HTTP on PORT, for tests that kill and restart a real process
 * (tests/api/orders-crash.test.ts). Run with `node --import tsx tests/helpers/orders-server.ts`.
 */
import { createServer } from 'node:http';
import { apiApp } from '../../api';

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
process.on('SIGTERM', () => process.exit(0));
