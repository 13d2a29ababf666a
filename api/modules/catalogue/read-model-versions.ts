import { randomBytes } from 'node:crypto';
import type { CategoryOrderDto, ProductDto } from '../../../core/product/model';
import { listingKey } from './listing-view';
import { listedPlaces } from '../../../core/catalogue/price-shelf';

/**
 * The catalogue's revisions, which make the pages' versions (their ETags): each change takes a new
 * revision number; a listing's version is the last revision that changed what the listing shows
 * (membership, order, title, price, image), a category page's, the featured products' and the
 * menu's (`shelves`) likewise. The catalogue model (./read-model.ts) moves them as it changes.
 */
export class CatalogueVersions {
  /** Tells this process's versions from another's (or an earlier start's) in ETags. */
  readonly boot = randomBytes(4).toString('hex');
  protected revision = 1;
  protected readonly listingRevisions = new Map<string, number>();
  protected readonly categoryRevisions = new Map<string, number>();
  protected featuredRevision = 0;
  protected shelvesRevision = 0;

  /** The version of a category page. */
  categoryVersion(category: string): string {
    return `${this.boot}-${this.categoryRevisions.get(category) ?? 0}`;
  }

  /** The version of the featured products (the home page's carousel). */
  featuredVersion(): string {
    return `${this.boot}-${this.featuredRevision}`;
  }

  /** The version of a subcategory listing (all its pages). */
  listingVersion(category: string, subcategory: string): string {
    const revision = this.listingRevisions.get(listingKey(category, subcategory)) ?? 0;
    return `${this.boot}-${revision}`;
  }

  /**
   * The version of the list of categories and subcategories (`shelves`): every page shows it in
   * its menu and footer, so it is part of every kept page's version.
   */
  shelvesVersion(): number {
    return this.shelvesRevision;
  }

  /** Marks every listing a product appears in as changed. */
  protected touchListings(product: ProductDto): void {
    if (product.isFeatured) this.featuredRevision = this.revision;
    for (const entry of listedPlaces(product)) {
      this.categoryRevisions.set(entry.category, this.revision);
      if (entry.subcategory !== null)
        this.listingRevisions.set(listingKey(entry.category, entry.subcategory), this.revision);
    }
  }

  /** Marks each category whose section order changed as changed. */
  protected touchCategoryOrders(
    before: Map<string, CategoryOrderDto[]>,
    after: Map<string, CategoryOrderDto[]>,
  ): void {
    for (const category of new Set([...before.keys(), ...after.keys()])) {
      if (JSON.stringify(before.get(category)) !== JSON.stringify(after.get(category)))
        this.categoryRevisions.set(category, this.revision);
    }
  }
}
