import type { ProductDto } from '../../core/product/model';
import type { PageServices } from './page-services';

/**
 * The featured products the home page renders into its HTML, straight from the catalogue read
 * model: no query per visit, and every `catalogueChanged` shows at once. Undefined (and logged)
 * when the catalogue cannot be read: the home page still shows, without them, and is not kept.
 */
export async function homeFeaturedProducts(shop: PageServices): Promise<ProductDto[] | undefined> {
  try {
    return (await shop.catalogue()).featured();
  } catch (error) {
    shop.log('error', 'featured products failed', { error: String(error) });
    return undefined;
  }
}
