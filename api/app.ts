import { Elysia } from 'elysia';
import { config } from './config';
import type { Database } from './db/client';
import { contactModule } from './modules/contact';
import { cartModule } from './modules/cart';
import { healthModule } from './modules/health';
import { productModule } from './modules/product';
import { errorPlugin } from './plugins/errors';
import { requestContext } from './plugins/request-context';

export interface AppDependencies {
  database: Database;
  /** Seconds catalogue answers are reused in memory; defaults to CATALOGUE_CACHE_SECONDS. */
  catalogueCacheSeconds?: number;
}

/** The API: one Elysia app under /api, the error plugin first, then each feature module. */
export function createApp({ database, catalogueCacheSeconds }: AppDependencies) {
  const cacheSeconds = catalogueCacheSeconds ?? config().catalogueCacheSeconds;
  return new Elysia({ prefix: '/api', name: 'evergreen-api' })
    .use(requestContext)
    .use(errorPlugin)
    .use(healthModule(database))
    .use(productModule(database.db, { cacheSeconds }))
    .use(cartModule(database.db))
    .use(contactModule(database.db));
}

export type App = ReturnType<typeof createApp>;
