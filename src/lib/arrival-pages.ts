import type { PageArrival, PageServices } from './page-services';

/**
 * What pages show of arrival dates (issue 41), read through the server's page services
 * (`Astro.locals.shop`): a product's "Arrives … if ordered today" and the notice bar's dated
 * notices. While pages are prerendered there is no server (nothing is shown), and a calendar that
 * cannot be read must not stop the page: it is logged and the line left out.
 */

type Locals = { shop?: PageServices | undefined };

async function orNothing<T>(
  locals: Locals,
  what: string,
  read: (shop: PageServices) => Promise<T>,
  nothing: T,
): Promise<T> {
  const shop = locals.shop;
  if (!shop) return nothing;
  try {
    return await read(shop);
  } catch (error) {
    shop.log('error', `${what} failed`, { error: String(error) });
    return nothing;
  }
}

/** The product page's line: when the product arrives if ordered today (continental range). */
export const productArrival = (locals: Locals, productId: string): Promise<PageArrival | null> =>
  orNothing(locals, 'product arrival', (shop) => shop.productArrival(productId), null);

/** The notice bar's texts today: an occasion's order-by day, the shop's closures. */
export const shopNoticeTexts = (locals: Locals): Promise<string[]> =>
  orNothing(
    locals,
    'shop notices',
    async (shop) => (await shop.shopNotices()).map((notice) => notice.text),
    [],
  );
