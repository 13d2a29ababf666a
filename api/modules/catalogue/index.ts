export { catalogueChanged, catalogueOf, changeCatalogue, type CatalogueChange } from './change';
export type { ResponsiveImage } from '../../../core/images/product-images';
export type { CatalogueModel } from './read-model';
