import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCategorizations, products, searchWords } from '../../db/schema';
import { dollarsToCents } from '../../lib/money';
import {
  FALLBACK_PRICE_CENTS,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchResult,
} from './model';
import { listingOrder, pageCount, productDtosByIds } from './service';

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

/** What the catalogue knows of a query word (see `classifyWords`). */
export interface WordClass {
  word: string;
  /** English full-text search ignores it ("for", "her", "the"). */
  stopWord: boolean;
  /** Some word of the catalogue starts with it: spelled right, or being typed. */
  known: boolean;
  /** For an unknown word, the nearest words of the catalogue (pg_trgm similarity), best first. */
  nearest: string[];
}

const CLASS_TTL_MS = 60_000;
const CLASS_CACHE_SIZE = 5_000;
const classCache = new Map<string, { at: number; value: WordClass }>();

/**
 * One small query tells, for each word, whether it is a stop word, whether the catalogue knows it
 * and, when it does not, which catalogue words are nearest (from the `search_words` lexicon the
 * triggers keep). Answers are remembered for a minute, so a popular word costs nothing.
 */
export async function classifyWords(db: Db, words: string[]): Promise<WordClass[]> {
  const now = Date.now();
  const missing = words.filter((word) => {
    const hit = classCache.get(word);
    return !hit || now - hit.at > CLASS_TTL_MS;
  });
  if (missing.length > 0) {
    const list = sql.join(
      missing.map((word) => sql`${word}`),
      sql`, `,
    );
    type Row = { word: string; has_lexeme: boolean; known: boolean; nearest: string[] };
    // Both drivers answer raw SQL with { rows }.
    const { rows } = (await db.execute(sql`
      select w.word,
        numnode(to_tsquery('english', w.word || ':*')) > 0 as has_lexeme,
        exists (select 1 from ${searchWords} k where k.word like w.word || '%') as known,
        array(
          select s.word from ${searchWords} s
          where s.word % w.word
          order by similarity(s.word, w.word) desc, s.word
          limit 3
        ) as nearest
      from unnest(array[${list}]::text[]) as w(word)`)) as unknown as { rows: Row[] };
    for (const row of rows) {
      if (classCache.size >= CLASS_CACHE_SIZE) classCache.clear();
      classCache.set(row.word, {
        at: now,
        value: {
          word: row.word,
          stopWord: !row.has_lexeme,
          known: row.known,
          nearest: row.known ? [] : row.nearest,
        },
      });
    }
  }
  return words.map(
    (word) => classCache.get(word)?.value ?? { word, stopWord: false, known: true, nearest: [] },
  );
}

/** Forgets what `classifyWords` remembered (after the catalogue's words change). */
export function forgetWordClasses(): void {
  classCache.clear();
}

/** The price a shopper pays: the product's, or the spec's fallback when it has none. */
const effectivePrice = sql`coalesce(${products.priceCents}, ${FALLBACK_PRICE_CENTS})`;

const prefixMatch = (word: string) =>
  sql`${products.searchVector} @@ to_tsquery('english', ${`${word}:*`})`;
const resembles = (word: string) => sql`${word} <% ${products.searchText}`;

/**
 * How a word matches a product:
 * - a word the catalogue knows: some word of the product's document starts with it (prefix search
 *   as the shopper types, English stemming: "blankets" finds "blanket");
 * - a stop word ("for her"): it closely resembles a word of the title or category names, which is
 *   how "For Her" is found (pg_trgm word similarity);
 * - a word nobody spelled so (a typo): the nearest catalogue words match as full-text terms
 *   ("stonware" searches "stoneware"), or it resembles a word of the title or category names
 *   ("hodie" finds "Hoodie").
 * Each condition is served by a GIN index; correct spelling never pays for typo tolerance.
 */
function wordMatches({ word, stopWord, known, nearest }: WordClass): SQL {
  if (word.length < 3) return prefixMatch(word);
  if (stopWord) return resembles(word);
  if (known) return prefixMatch(word);
  if (nearest.length === 0) return resembles(word);
  const corrected = sql`${products.searchVector} @@ to_tsquery('english', ${nearest.join(' | ')})`;
  return sql`(${corrected} or ${resembles(word)})`;
}

function textCondition(classes: WordClass[]): SQL | undefined {
  return classes.length === 0 ? undefined : and(...classes.map(wordMatches));
}

/**
 * Relevance: the weighted full-text rank (title A, categories B, description C, details D) of the
 * words (or their corrections) as prefixes. When a word was a typo or a stop word, how closely the
 * words resemble the title counts too, so typo matches rank among themselves; it is left out
 * otherwise, because it costs more than the rank over thousands of matches.
 */
function relevance(classes: WordClass[]): SQL {
  const terms = classes.flatMap((entry) =>
    entry.stopWord ? [] : [`${entry.word}:*`, ...entry.nearest],
  );
  const fuzzy = classes.some((entry) => entry.stopWord || !entry.known || entry.word.length < 3);
  const phrase = classes.map((entry) => entry.word).join(' ');
  const rank = sql`ts_rank(${products.searchVector}, to_tsquery('english', ${terms.join(' | ')}), 1)`;
  const similarity = sql`word_similarity(${phrase}, ${products.title})`;
  if (terms.length === 0) return similarity;
  return fuzzy ? sql`(${rank} + 0.5 * ${similarity})` : rank;
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

/** The page order over the `matched` rows of `rankedSearch`. */
function matchedOrder(filters: SearchFilters): SQL {
  const rest = sql`m.priority asc nulls last, m.title asc, m.id asc`;
  if (filters.sort === 'priceAsc') return sql`m.price asc, ${rest}`;
  if (filters.sort === 'priceDesc') return sql`m.price desc, ${rest}`;
  return sql`m.rank desc, ${rest}`;
}

interface PageOfIds {
  ids: string[];
  total: number;
  categories: string[];
}

/**
 * One statement for a text search or a price sort: the matching products are read once (by their
 * indexes), ranked, and from that one set come the page, the total and the categories.
 */
async function rankedSearch(
  db: Db,
  filters: SearchFilters,
  classes: WordClass[],
  offset: number,
): Promise<PageOfIds> {
  const matching = and(textCondition(classes), ...priceConditions(filters)) ?? sql`true`;
  const listed = categoryCondition(filters) ?? sql`true`;
  const rank = classes.length > 0 ? relevance(classes) : sql`0`;
  const order = matchedOrder(filters);
  type Row = { ids: string[]; total: number | string; categories: string[] };
  const { rows } = (await db.execute(sql`
    with matched as materialized (
      select ${products.id} as id, ${rank} as rank, ${effectivePrice} as price,
        ${products.priority} as priority, ${products.title} as title, ${listed} as listed
      from ${products}
      where ${matching}
    ),
    page as (
      select m.id, row_number() over (order by ${order}) as place
      from matched m where m.listed
      order by ${order}
      limit ${SEARCH_PAGE_SIZE} offset ${offset}
    )
    select
      coalesce((select array_agg(page.id order by page.place) from page), '{}') as ids,
      (select count(*) from matched where matched.listed) as total,
      coalesce((
        select array_agg(distinct c.category order by c.category)
        from ${productCategorizations} c
        where c.product_id in (select matched.id from matched)
      ), '{}') as categories`)) as unknown as { rows: Row[] };
  const row = rows[0]!;
  return { ids: row.ids, total: Number(row.total), categories: row.categories };
}

/**
 * Browsing without text or a price sort: the page walks the listing index in order, and the
 * total and categories come from their own small queries, all three at once.
 */
async function listedSearch(db: Db, filters: SearchFilters, offset: number): Promise<PageOfIds> {
  const priced = priceConditions(filters);
  const where = and(...priced, categoryCondition(filters));
  const [page, [count], categoryRows] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...listingOrder)
      .limit(SEARCH_PAGE_SIZE)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
    db
      .selectDistinct({ category: productCategorizations.category })
      .from(productCategorizations)
      .where(
        priced.length === 0
          ? undefined
          : sql`${productCategorizations.productId} in (select ${products.id} from ${products} where ${and(...priced)})`,
      )
      .orderBy(asc(productCategorizations.category)),
  ]);
  return {
    ids: page.map((row) => row.id),
    total: count?.total ?? 0,
    categories: categoryRows.map((row) => row.category),
  };
}

/**
 * The search page (spec §2, §3 Search response): text, price range, category, sort and page;
 * SEARCH_PAGE_SIZE a page. `categories` lists the categories of everything the text and prices
 * match, whatever category is chosen, so the shopper can switch between them.
 */
export async function searchProducts(db: Db, filters: SearchFilters): Promise<SearchResult> {
  const classes = await classifyWords(db, queryWords(filters.q));
  const page = filters.page ?? 1;
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const found =
    classes.length > 0 || filters.sort
      ? await rankedSearch(db, filters, classes, offset)
      : await listedSearch(db, filters, offset);
  return {
    products: await productDtosByIds(db, found.ids),
    pagination: { page, pages: pageCount(found.total, SEARCH_PAGE_SIZE) },
    categories: found.categories,
  };
}
