import { clearCatalogueAnswers } from './http-cache';
import { forgetWordClasses } from './search';

/**
 * Whatever changes products, prices, stock or categorizations (an admin screen, a restock) calls
 * this afterwards, so the API's remembered answers and search words are read afresh.
 */
export function catalogueChanged(): void {
  clearCatalogueAnswers();
  forgetWordClasses();
}
