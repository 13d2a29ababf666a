import reactRenderer from '@astrojs/react/server.js';
import { within } from '@testing-library/dom';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';

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
    request: new Request(new URL(url, 'http://localhost')),
  });
  const window = new Window({ url: 'http://localhost/' });
  window.document.write(await response.text());
  const body = window.document.body as unknown as HTMLElement;
  return { status: response.status, page: within(body), close: () => window.happyDOM.close() };
}
