import { inArray } from 'drizzle-orm';
import type { Config } from '../../api/config';
import type { Database } from '../../api/db';
import { products } from '../../api/db/schema';
import { log } from '../../api/lib/log';
import { catalogueOf } from '../../api/modules/catalogue';
import { describeConfirmation } from '../../api/modules/restock-alerts';
import type { ProductDto } from '../../core/product/model';
import type { PageServices } from '../../src/lib/page-services';
import type { PageCache } from './kept-pages';
import { productArrivalLine, shopNoticesToday } from './arrival-pages';
import { createPagePipeline } from './pipeline';
import { listingSitemapEntries, productSitemapEntries } from './sitemap-products';

/**
 * What the server hands Astro's pages through `locals` (src/lib/page-services.ts): one object for
 * the process, built once at start, holding the server's own catalogue, database and settings.
 */
export function createPageServices(
  database: Database,
  settings: Config,
  cache: Pick<PageCache, 'keepRendered'>,
): PageServices {
  const catalogue = () => catalogueOf(database.db);
  return {
    catalogue,
    log,
    siteUrl: settings.siteUrl,
    payments: {
      provider: settings.payments.provider,
      stripePublishableKey: settings.payments.stripePublishableKey,
    },
    shopEmail: settings.mail.shopEmail,
    orderRetentionDays: settings.jobs.retentionDays,
    sitemapEntries: async (site) => [
      ...(await listingSitemapEntries(database.db, site)),
      ...(await productSitemapEntries(database.db, site)),
    ],
    async productsBySlug(slugs) {
      const found = new Map<string, ProductDto>();
      if (slugs.length === 0) return found;
      const rows = await database.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.slug, [...slugs]));
      const model = await catalogue();
      for (const row of rows) {
        if (model.productVersion(row.id)) found.set(row.slug, model.product(row.id));
      }
      return found;
    },
    restockConfirmation: (token) => describeConfirmation(database.db, token),
    productArrival: (productId) => productArrivalLine(database.db, productId, new Date()),
    shopNotices: () => shopNoticesToday(database.db, new Date()),
    pagePipeline: createPagePipeline(cache),
  };
}
