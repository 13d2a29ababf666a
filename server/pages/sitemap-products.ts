import { asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../api/db/client';
import { productCategorizations, products } from '../../api/db/schema';
import { listingHref } from '../../src/lib/navigation';
import type { CatalogueSitemapEntry as SitemapEntry } from '../../src/lib/page-services';

/** Every product page in the shop (drafts are not), with the time its product last changed. */
export async function productSitemapEntries(db: Db, site: URL | string): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id));
  return rows.map((row) => ({
    loc: new URL(`/productdetailpage/${row.id}`, site).toString(),
    lastmod: row.updatedAt.toISOString(),
  }));
}

/** Every category and subcategory page, with the time a product in it last changed. */
export async function listingSitemapEntries(db: Db, site: URL | string): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      category: productCategorizations.category,
      subcategory: productCategorizations.subcategory,
      updatedAt: max(products.updatedAt),
    })
    .from(productCategorizations)
    .innerJoin(
      products,
      sql`${products.id} = ${productCategorizations.productId} and ${products.status} = 'active'`,
    )
    .groupBy(
      sql`rollup (${productCategorizations.category}, ${productCategorizations.subcategory})`,
    )
    .having(sql`${productCategorizations.category} is not null`)
    .orderBy(asc(productCategorizations.category), asc(productCategorizations.subcategory));
  const entries = new Map<string, SitemapEntry>();
  for (const row of rows) {
    if (!row.updatedAt) continue;
    const href = listingHref({
      label: '',
      category: row.category,
      subcategory: row.subcategory ?? undefined,
    });
    const lastmod = new Date(row.updatedAt).toISOString();
    const known = entries.get(href);
    if (!known || known.lastmod < lastmod)
      entries.set(href, { loc: new URL(href, site).toString(), lastmod });
  }
  return [...entries.values()];
}
