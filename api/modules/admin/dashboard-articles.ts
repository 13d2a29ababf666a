import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { catalogueOf } from '../catalogue';
import { productRefs } from '../../../core/content/product-refs';

/** An article naming a product slug the shop does not serve, where it is written. */
export interface MissingProductRef {
  /** The article's file, from the project's folder: content/blog/<name>.mdx. */
  file: string;
  line: number;
  slug: string;
}

/** Where the shop's articles are (src/content.config.ts); the server runs from the project. */
const ARTICLES = 'content/blog';

/**
 * The dashboard's "articles that name products the shop does not have" (issue 38): every product
 * slug an article names (its `products:` list and its product links) that no product the shop
 * serves has now, a typo or a product since removed. Articles are read as they are on disk, so
 * an article's page is never what tells the owner.
 */
export async function articlesNamingMissingProducts(
  db: Db,
  folder = join(process.cwd(), ARTICLES),
): Promise<MissingProductRef[]> {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.mdx') && !name.startsWith('_'));
  } catch {
    return []; // no articles beside this server
  }
  const refs = names.sort().flatMap((name) =>
    productRefs(readFileSync(join(folder, name), 'utf8')).map((ref) => ({
      file: `${ARTICLES}/${name}`,
      ...ref,
    })),
  );
  if (refs.length === 0) return [];
  const slugs = [...new Set(refs.map((ref) => ref.slug))];
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, slugs));
  const model = await catalogueOf(db);
  const served = new Set(rows.filter((row) => model.productVersion(row.id)).map((row) => row.slug));
  return refs.filter((ref) => !served.has(ref.slug));
}
