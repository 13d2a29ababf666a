/**
 * The API as the production server starts it (`apiApp()`: database, migrations, the order
 * recovery job), served over HTTP on PORT, for tests that kill and restart a real process
 * (tests/api/orders-crash.test.ts). Run with `node --import tsx tests/helpers/orders-server.ts`.
 */
import { apiApp } from '../../api';
import { serveApp } from './serve-app';

const app = await apiApp();
serveApp(app);
process.on('SIGTERM', () => process.exit(0));
