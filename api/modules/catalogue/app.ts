import { appDatabase } from '../../db';
import { catalogueOf } from './change';
import type { CatalogueModel } from './read-model';

/** The read model of the process's own database: what pages read the catalogue from. */
export async function appCatalogue(): Promise<CatalogueModel> {
  return catalogueOf((await appDatabase()).db);
}
