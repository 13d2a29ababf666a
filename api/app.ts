import { Elysia } from 'elysia';
import type { Database } from './db/client';
import { cartModule } from './modules/cart';
import { healthModule } from './modules/health';
import { productModule } from './modules/product';
import { errorPlugin } from './plugins/errors';
import { requestContext } from './plugins/request-context';

export interface AppDependencies {
  database: Database;
}

/** The API: one Elysia app under /api, the error plugin first, then each feature module. */
export function createApp({ database }: AppDependencies) {
  return new Elysia({ prefix: '/api', name: 'evergreen-api' })
    .use(requestContext)
    .use(errorPlugin)
    .use(healthModule(database))
    .use(productModule(database.db))
    .use(cartModule(database.db));
}

export type App = ReturnType<typeof createApp>;
