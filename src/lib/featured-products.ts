import { appCatalogue } from '../../api/modules/catalogue';
import type { ProductDto } from '../../api/modules/product/model';

/**
 * The featured products the home page renders into its HTML, straight from the catalogue read
 * model: no query per visit, and every `catalogueChanged` shows at once.
 */
export async function homeFeaturedProducts(): Promise<ProductDto[]> {
  return (await appCatalogue()).featured();
}
