import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { AnswerCache, cacheableJson } from './http-cache';
import { productIdParams, searchMode, searchQuery, type SearchQuery } from './model';
import { searchProducts } from './search';
import { categoryListing, featuredProducts, productById, subcategoryListing } from './service';

/** spec §7 GET /product/search: the answer's shape depends on what is asked (see `searchMode`). */
async function search(db: Db, query: SearchQuery) {
  switch (searchMode(query)) {
    case 'featured':
      return { products: await featuredProducts(db) };
    case 'subcategory':
      return subcategoryListing(db, query.category!, query.subcategory!, query.page);
    case 'category':
      return categoryListing(db, query.category!);
    case 'search':
      return searchProducts(db, query);
  }
}

export interface ProductModuleOptions {
  /** Seconds a catalogue answer is reused in memory (0: never). */
  cacheSeconds: number;
}

export const productModule = (db: Db, { cacheSeconds }: ProductModuleOptions) => {
  const answers = new AnswerCache({ ttlMs: cacheSeconds * 1000 });
  return new Elysia({ name: 'product', prefix: '/product' })
    .get(
      '/search',
      async ({ query, request }) =>
        cacheableJson(
          request,
          await answers.get(`search ${JSON.stringify(query)}`, () => search(db, query)),
        ),
      { query: searchQuery },
    )
    .get(
      '/detail/:id',
      async ({ params, request }) =>
        cacheableJson(
          request,
          await answers.get(`detail ${params.id.toLowerCase()}`, () => productById(db, params.id)),
        ),
      { params: productIdParams },
    );
};
