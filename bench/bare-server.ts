// The same Elysia app as the shop's, served bare: the fetch bridge alone, no Astro and no static
// files in front. bench/featured.ts compares the production entry against it.
import { createServer } from 'node:http';
import { apiApp } from '../api';
import { config } from '../api/config';
import { fetchBridge } from '../server/bridge';

const settings = config();
const app = await apiApp();
const server = createServer(fetchBridge(app));
server.listen(settings.port, settings.host);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
