export { catalogueChanged, catalogueOf, type CatalogueChange } from './change';
export type { ResponsiveImage } from '../../../core/images/product-images';
export type { CatalogueModel } from './read-model';

// The public face (issue 37 point 1): what other modules may use.
export { cacheableJson, jsonBody, SUGGEST_CACHE_CONTROL } from './http';
export { followCatalogueChanges } from './notify';
export { pageCount, productColumns, toProductDtos } from './product-dtos';
export { SearchIndex } from './search-index';
export { queryWords, searchTerm } from './search-words';
