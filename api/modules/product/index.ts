import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import type { RateLimitPlugin, RateRule } from '../../plugins/rate-limit';
import {
  catalogueOf,
  cacheableJson,
  jsonBody,
  SUGGEST_CACHE_CONTROL,
  type CatalogueModel,
} from '../catalogue';
import { suggestQuery } from '../../../core/product/suggest-query';
import { SUGGEST_RATE, SUGGEST_TEXT } from '../../../core/product/suggest';
import {
  productIdParams,
  searchMode,
  searchQuery,
  type SearchQuery,
} from '../../../core/product/model';

/** spec §7 GET /product/search: the answer's shape depends on what is asked (see `searchMode`). */
function search(catalogue: CatalogueModel, query: SearchQuery) {
  switch (searchMode(query)) {
    case 'featured':
      return { products: catalogue.featured() };
    case 'subcategory':
      return catalogue.subcategoryListing(query.category!, query.subcategory!, query.page);
    case 'category':
      return catalogue.categoryListing(query.category!);
    case 'search':
      return catalogue.search(query);
  }
}

/** Suggestions per address (issue 36 row 18): a few connections of them cannot starve the shop. */
const SUGGEST_RULES: RateRule[] = [
  { name: 'suggest.ip', ...SUGGEST_RATE, key: ({ ip }) => ip, message: SUGGEST_TEXT.tooMany },
];

/** The catalogue API, answered from the in-memory read model (api/modules/catalogue). */
export const productModule = (db: Db, limits: RateLimitPlugin) => {
  // Loading starts with the app, so the first shopper does not wait for it.
  catalogueOf(db).catch(() => undefined);
  return (
    new Elysia({ name: 'product', prefix: '/product' })
      .use(limits)
      .get(
        '/search',
        async ({ query, request }) => {
          const catalogue = await catalogueOf(db);
          return cacheableJson(request, catalogue.answer(search(catalogue, query)));
        },
        { query: searchQuery },
      )
      .get(
        '/suggest',
        async ({ query, request }) =>
          cacheableJson(
            request,
            jsonBody((await catalogueOf(db)).suggest(query.q)),
            SUGGEST_CACHE_CONTROL,
          ),
        { query: suggestQuery, rateLimit: SUGGEST_RULES },
      )
      // Every category with its subcategories, for the menu of a page prerendered without them
      // (issue 24: every category reachable by browsing).
      .get('/shelves', async ({ request }) =>
        cacheableJson(request, jsonBody({ shelves: (await catalogueOf(db)).shelves() })),
      )
      .get(
        '/detail/:id',
        async ({ params, request }) =>
          cacheableJson(request, (await catalogueOf(db)).productJson(params.id)),
        { params: productIdParams },
      )
  );
};

// The public face (issue 37 point 1): the product editor's routes for api/app.ts.
export { adminProductsModule } from './admin/routes';
export { uploadedImagesModule } from './admin/uploads';
