export { catalogueChanged, catalogueOf, changeCatalogue, type CatalogueChange } from './change';
export type { ResponsiveImage } from './images';
export type { CatalogueModel } from './read-model';
