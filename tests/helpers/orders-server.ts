/**
 * The API as the production server starts it (`apiApp()`: database, migrations, the order
 * recovery job), served over HTTP on PORT, for tests that kill and restart a real process
 * (tests/api/orders-crash.test.ts). Run with `node --import tsx tests/helpers/orders-server.ts`.
 */
import { apiApp } from '../../api';
import { appDatabase } from '../../api/app-database';
import { serveApp } from './serve-app';

// A new embedded database from the image a test names (FIRST_IMAGE), as the server's first start.
await appDatabase({ initialImage: process.env.FIRST_IMAGE });
const app = await apiApp();
serveApp(app);
process.on('SIGTERM', () => process.exit(0));
