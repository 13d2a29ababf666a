import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCategorizations, products, searchWords } from '../../db/schema';
import { dollarsToCents } from '../../lib/money';
import {
  FALLBACK_PRICE_CENTS,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchResult,
} from './model';
import { listingOrder, pageCount, productColumns, toProductDtos } from './service';

const MAX_WORDS = 8;

/**
 * The words of a query, lower-cased, letters and digits only (so they are safe inside a tsquery).
 * One-letter words are dropped unless the shopper has typed nothing else yet.
 */
export function queryWords(q: string | undefined): string[] {
  const words =
    (q ?? '')
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const meaningful = words.filter((word) => word.length > 1);
  return [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, MAX_WORDS);
}

/** The price a shopper pays: the product's, or the spec's fallback when it has none. */
const effectivePrice = sql`coalesce(${products.priceCents}, ${FALLBACK_PRICE_CENTS})`;

/**
 * Words no product contains are corrected to up to three of the nearest words of the catalogue
 * (pg_trgm similarity over the `search_words` lexicon): "stonware" also searches "stoneware". A word
 * that starts any word of the catalogue is left alone, so correct spelling never widens a search.
 */
function correctedQuery(word: string): SQL {
  return sql`(
    select to_tsquery('english', string_agg(nearest.word, ' | '))
    from (
      select s.word from ${searchWords} s
      where s.word % ${word}
        and not exists (select 1 from ${searchWords} k where k.word like ${`${word}%`})
      order by similarity(s.word, ${word}) desc, s.word
      limit 3
    ) nearest
  )`;
}

/**
 * A word matches a product when a word of its document starts with it (prefix search as the
 * shopper types, with English stemming: "blankets" finds "blanket"), when it closely resembles a
 * word of its title or category names ("hodie" finds "Hoodie"; "for", "her" find "For Her"), or
 * when its correction matches (see `correctedQuery`). Each condition uses a GIN index.
 */
function wordMatches(word: string): SQL {
  const prefix = sql`${products.searchVector} @@ to_tsquery('english', ${`${word}:*`})`;
  if (word.length < 3) return prefix;
  const resembles = sql`${word} <% ${products.searchText}`;
  if (word.length < 4) return sql`(${prefix} or ${resembles})`;
  return sql`(${prefix} or ${resembles} or ${products.searchVector} @@ ${correctedQuery(word)})`;
}

function textCondition(words: string[]): SQL | undefined {
  return words.length === 0 ? undefined : and(...words.map(wordMatches));
}

/**
 * Relevance: the weighted full-text rank (title A, categories B, description C, details D) of any
 * of the words as prefixes, plus how closely the words resemble the title, so exact title matches
 * lead and typo matches still rank among themselves.
 */
function relevance(words: string[]): SQL {
  const anyWord = words.map((word) => `${word}:*`).join(' | ');
  const phrase = words.join(' ');
  return sql`(ts_rank(${products.searchVector}, to_tsquery('english', ${anyWord}), 1)
    + 0.5 * word_similarity(${phrase}, ${products.title}))`;
}

function priceConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.minPrice !== undefined) {
    conditions.push(sql`${effectivePrice} >= ${dollarsToCents(filters.minPrice)}`);
  }
  if (filters.maxPrice !== undefined) {
    conditions.push(sql`${effectivePrice} <= ${dollarsToCents(filters.maxPrice)}`);
  }
  return conditions;
}

function categoryCondition(filters: SearchFilters): SQL | undefined {
  if (!filters.category) return undefined;
  const subcategory = filters.subcategory ? sql`and c.subcategory = ${filters.subcategory}` : sql``;
  return sql`exists (
    select 1 from ${productCategorizations} c
    where c.product_id = ${products.id} and c.category = ${filters.category} ${subcategory}
  )`;
}

function orderOf(filters: SearchFilters, words: string[]): SQL[] {
  if (filters.sort === 'priceAsc') return [asc(effectivePrice), ...listingOrder];
  if (filters.sort === 'priceDesc') return [desc(effectivePrice), ...listingOrder];
  if (words.length > 0) return [sql`${relevance(words)} desc`, ...listingOrder];
  return listingOrder;
}

/**
 * The search page (spec §2, §3 Search response): text, price range, category, sort and page;
 * SEARCH_PAGE_SIZE a page. `categories` lists the categories of everything the text and prices
 * match, whatever category is chosen, so the shopper can switch between them.
 */
export async function searchProducts(db: Db, filters: SearchFilters): Promise<SearchResult> {
  const words = queryWords(filters.q);
  const page = filters.page ?? 1;
  const matching = [textCondition(words), ...priceConditions(filters)];
  const where = and(...matching, categoryCondition(filters));

  const [rows, categoryRows] = await Promise.all([
    db
      .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...orderOf(filters, words))
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE),
    db
      .selectDistinct({ category: productCategorizations.category })
      .from(productCategorizations)
      .where(
        sql`${productCategorizations.productId} in (select ${products.id} from ${products} where ${and(...matching) ?? sql`true`})`,
      )
      .orderBy(asc(productCategorizations.category)),
  ]);

  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: count what the page would have been cut from.
    const [row] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
    total = row?.total ?? 0;
  }
  return {
    products: await toProductDtos(db, rows),
    pagination: { page, pages: pageCount(total, SEARCH_PAGE_SIZE) },
    categories: categoryRows.map((row) => row.category),
  };
}
