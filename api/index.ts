import { createApp, type App } from './app';
import { appDatabase } from './db';

const APP_KEY = Symbol.for('evergreen.api');
type Holder = { [APP_KEY]?: Promise<App> };

/**
 * The process's API app on the configured database. The production entry and Astro's catch-all
 * endpoint (under `astro dev`) both reach this one instance.
 */
export function apiApp(): Promise<App> {
  const holder = globalThis as Holder;
  return (holder[APP_KEY] ??= appDatabase().then((database) => createApp({ database })));
}
