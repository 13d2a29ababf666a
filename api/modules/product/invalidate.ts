/**
 * Whatever changes products, prices, stock, ratings or categorizations calls `catalogueChanged`
 * (or writes through `changeCatalogue`) once the database has the change: the catalogue read model
 * (api/modules/catalogue) then reads back what changed. Kept here for the callers that import it
 * from the product module.
 */
export { catalogueChanged, changeCatalogue, type CatalogueChange } from '../catalogue/change';
