import reactRenderer from '@astrojs/react/server.js';
import { within } from '@testing-library/dom';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { config } from '../../../api/config';
import { openDatabase } from '../../../api/db/client';
import { catalogueOf } from '../../../api/modules/catalogue';
import { createPageCache } from '../../../server/pages/kept-pages';
import { createPageServices } from '../../../server/pages/services';

/** The CSP settings astro.config.mjs turns on (experimental.csp), which the layout's scripts need. */
const CSP = {
  cspDestination: undefined,
  algorithm: 'SHA-256',
  scriptHashes: [],
  scriptResources: [],
  isStrictDynamic: false,
  styleHashes: [],
  styleResources: [],
  directives: [],
};

/**
 * What the server entry hands every page (server/serve.ts), on a database the catalogue cannot be
 * read from: an empty one, its tables never made.
 */
async function pageLocals(): Promise<App.Locals> {
  const database = await openDatabase({});
  const cache = createPageCache(() => catalogueOf(database.db));
  return { shop: createPageServices(database, config(), cache) };
}

/**
 * A page as the server renders it for `url`, with its React islands' server HTML, and its body
 * to query as a shopper reads it (Testing Library).
 */
export async function renderPage(
  page: AstroComponentFactory,
  url: string,
  params: Record<string, string> = {},
) {
  const container = await AstroContainer.create({
    // The container takes a partial manifest; only its CSP is set here.
    manifest: { csp: CSP } as unknown as NonNullable<
      Parameters<typeof AstroContainer.create>[0]
    >['manifest'],
  });
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
  const response = await container.renderToResponse(page, {
    params,
    locals: await pageLocals(),
    request: new Request(new URL(url, 'http://localhost')),
  });
  const window = new Window({ url: 'http://localhost/' });
  window.document.write(await response.text());
  const body = window.document.body as unknown as HTMLElement;
  return { status: response.status, page: within(body), close: () => window.happyDOM.close() };
}
