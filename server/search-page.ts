import type { IncomingMessage, ServerResponse } from 'node:http';
import { searchPage } from '../src/lib/catalogue-pages';
import { escapeHtml } from '../src/lib/catalogue-html';
import {
  SEARCH_MAIN_SLOT,
  SEARCH_TITLE_SLOT,
  searchMainHtml,
  searchTitle,
} from '../src/lib/search-html';
import type { PageServices } from '../src/lib/page-services';
import { SITE_URL_PLACEHOLDER } from '../src/lib/site-url-placeholder';
import { compress, MIN_COMPRESSED_BYTES } from './compress';
import { negotiateEncoding } from './http/encoding';

/** Search results change with the catalogue: a cache asks again every time. */
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The search page in production (spec §2 Search), answered without Astro's renderer: its shell is
 * prerendered once at build time (src/pages/search/template.astro: layout, header, footer, the
 * page's script, its Content-Security-Policy <meta> with their hashes), and each search fills the
 * shell's title and content from the in-memory index (src/lib/search-html.ts). Queries never
 * repeat, so nothing is kept; this makes a search page cost little more than its search
 * (bench:pages). This is the one renderer of the search page: a build without the shell does
 * not start.
 */
export function createSearchPage(
  readShell: () => Promise<string>,
  siteUrl: string,
  setPageHeaders: (res: ServerResponse) => void,
  shop: PageServices,
) {
  let cut: { shell: string; beforeTitle: string; afterTitle: string[]; tail: string } | undefined;
  /** The shell around its title and content slots, cut again only when it changed. */
  const cutShell = (shell: string) => {
    if (cut?.shell === shell) return cut;
    const [head = '', tail = ''] = shell
      .replaceAll(SITE_URL_PLACEHOLDER, new URL(siteUrl).origin)
      .split(SEARCH_MAIN_SLOT);
    const [beforeTitle = '', ...afterTitle] = head.split(SEARCH_TITLE_SLOT);
    cut = { shell, beforeTitle, afterTitle, tail };
    return cut;
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    // The built shell is read once (server/serve.ts); under `npm run dev` it is rendered anew.
    const { beforeTitle, afterTitle, tail } = cutShell(await readShell());
    const found = await searchPage(shop, url);
    const view = { ...found, url };
    setPageHeaders(res);
    res.setHeader('Cache-Control', CACHE_CONTROL);
    if (view.redirect) {
      res.writeHead(302, { Location: view.redirect });
      res.end();
      return;
    }
    const title = escapeHtml(searchTitle(view));
    const html = `${beforeTitle}${afterTitle.map((part) => title + part).join('')}${searchMainHtml(view)}${tail}`;
    let body: Buffer = Buffer.from(html);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (encoding && body.byteLength >= MIN_COMPRESSED_BYTES) {
      body = await compress(body, encoding);
      res.setHeader('Content-Encoding', encoding);
    }
    res.setHeader('Content-Length', body.byteLength);
    res.writeHead(view.status);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
