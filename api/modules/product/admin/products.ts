import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { isDownloadsShelf } from '../../../../core/product/digital';
import type { Db } from '../../../db/client';
import { categoryOrders, productCategorizations, products } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/unique-violation';
import { stockChanged, syncVariantTotals } from '../../inventory';
import { audit, type Actor } from '../../../lib/audit';
import {
  PRODUCT_MESSAGES,
  type AdminCategoryList,
  type ProductCreateBody,
  type ProductEditBody,
} from '../../../../core/admin/model';
import { saleColumns } from '../../../../core/admin/sale-body';
import { checkImages, checkSkus, editableVariants, writeVariants } from './product-write';
import { storeUploadedImage } from './uploads';

export interface ProductDeps {
  db: Db;
  /** The data folder (DATA_DIR): uploaded images live under its uploads/ folder. */
  dataDir: string;
}

/** What the edit form shows and the audit log keeps as before and after. */
async function editable(db: Db, id: string) {
  const [product] = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      description: products.description,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      saleStartsOn: products.saleStartsOn,
      saleEndsOn: products.saleEndsOn,
      isFeatured: products.isFeatured,
      priority: products.priority,
      category: products.category,
      images: products.images,
      alttext: products.alttext,
      sku: products.sku,
      quantity: products.quantity,
      details: products.details,
      personalization: products.personalization,
      status: products.status,
      isBundle: products.isBundle,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return undefined;
  const variants = product.isBundle ? [] : await editableVariants(db, id);
  const categories = await db
    .select({
      category: productCategorizations.category,
      subcategory: productCategorizations.subcategory,
    })
    .from(productCategorizations)
    .where(eq(productCategorizations.productId, id))
    .orderBy(asc(productCategorizations.category), asc(productCategorizations.subcategory));
  return { ...product, categories, variants };
}

/** GET /admin/products/:id: the product's editable fields and its categories. */
export async function productForEdit(db: Db, id: string) {
  const product = await editable(db, id);
  if (!product) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.productNotFound);
  return product;
}

/**
 * GET /admin/categories: every category the catalogue has (those products are listed in, and those
 * with a section order), each with its subcategories, by name: what the product editor picks from.
 */
export async function categoryList(db: Db): Promise<AdminCategoryList> {
  const [listed, sections] = await Promise.all([
    db
      .selectDistinct({
        category: productCategorizations.category,
        subcategory: productCategorizations.subcategory,
      })
      .from(productCategorizations),
    db
      .select({ category: categoryOrders.category, subcategory: categoryOrders.subcategory })
      .from(categoryOrders),
  ]);
  const byCategory = new Map<string, Set<string>>();
  for (const { category, subcategory } of [...listed, ...sections]) {
    const subcategories = byCategory.get(category) ?? new Set<string>();
    if (subcategory) subcategories.add(subcategory);
    byCategory.set(category, subcategories);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en-US');
  return {
    categories: [...byCategory]
      .sort(([a], [b]) => byName(a, b))
      .map(([name, subcategories]) => ({ name, subcategories: [...subcategories].sort(byName) })),
  };
}

const uniqueCategories = (categories: ProductEditBody['categories']) => {
  const seen = new Map<string, ProductEditBody['categories'][number]>();
  for (const entry of categories) {
    const key = `${entry.category}\u0000${entry.subcategory ?? ''}`.toLocaleLowerCase('en-US');
    seen.set(key, entry);
  }
  return [...seen.values()];
};

/** Writes a product's categorizations; answers the product as the editor shows it. */
async function categorise(tx: Db, id: string, categories: ReturnType<typeof uniqueCategories>) {
  await tx
    .insert(productCategorizations)
    .values(categories.map((entry) => ({ productId: id, ...entry })));
  return (await editable(tx, id))!;
}

/**
 * POST /admin/products/:id: title, description, price, featured flag, priority and categories
 * (issue 14), and when sent its SKU, images and alt text, details, plain variants and draft/active
 * status (issue 25), with one audit row (before and after) in the same transaction. The catalogue's
 * change function runs once the transaction has committed, so the product's page, listings and
 * search show the change at once (a draft leaves them).
 */
export async function updateProduct(
  deps: ProductDeps,
  actor: Actor,
  id: string,
  body: ProductEditBody,
) {
  const after = await guardSkus(() =>
    deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      if (!locked) return null;
      const before = (await editable(tx, id))!;
      if (body.variants && before.isBundle)
        throw new AppError('INVALID_DATA', PRODUCT_MESSAGES.bundle);
      if (body.images) {
        const shown = [...before.images, ...before.variants.flatMap((v) => v.images)];
        checkImages(deps.dataDir, body.images, new Set(shown), body.variants);
      }
      await checkSkus(tx, id, body.sku, body.variants ?? []);
      const categories = uniqueCategories(body.categories);
      const hasVariants = body.variants ? await writeVariants(tx, id, body.variants) : undefined;
      await tx
        .update(products)
        .set({
          title: body.title,
          description: body.description,
          priceCents: body.price,
          isFeatured: body.isFeatured,
          priority: body.priority,
          ...(body.sku === undefined ? {} : { sku: body.sku }),
          ...(body.images === undefined ? {} : { images: body.images }),
          ...(body.alttext === undefined ? {} : { alttext: body.alttext }),
          ...(body.details === undefined ? {} : { details: body.details }),
          ...(body.personalization === undefined ? {} : { personalization: body.personalization }),
          ...(body.status === undefined ? {} : { status: body.status }),
          ...(body.sale === undefined ? {} : saleColumns(body.sale)),
          ...(hasVariants === undefined ? {} : { hasVariants }),
          updatedAt: new Date(),
        })
        .where(eq(products.id, id));
      if (hasVariants) await syncVariantTotals(tx, [id]);
      await tx.delete(productCategorizations).where(eq(productCategorizations.productId, id));
      const now = await categorise(tx, id, categories);
      await audit(tx, actor, {
        action: 'product.edit',
        entity: 'product',
        entityId: id,
        before: auditable(before),
        after: auditable(now),
      });
      return now;
    }),
  );
  if (!after) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.productNotFound);
  // Stock the edit brought back reaches those waiting for it (issue 27), low-stock crossings are
  // recorded (issue 28) and the catalogue shows the edit (issue 35: one inventory module).
  await stockChanged(deps.db, { productIds: [id] });
  return after;
}

/** A SKU another save took between the check and the write: refused as the check refuses it. */
async function guardSkus<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', PRODUCT_MESSAGES.skuTaken, { sku: PRODUCT_MESSAGES.skuTaken });
    throw error;
  }
}

const auditable = ({
  images: _images,
  ...fields
}: NonNullable<Awaited<ReturnType<typeof editable>>>) =>
  fields as unknown as Record<string, unknown>;

const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'product';

/**
 * POST /admin/products: a product with the images uploaded before, its details and plain variants
 * (each with its own SKU, price, stock and image), active or a draft. Its slug is made from the
 * title with a random suffix, and so is its SKU when none is given, so they never collide. One
 * audit row; the catalogue's change function runs after the commit.
 */
export async function createProduct(deps: ProductDeps, actor: Actor, body: ProductCreateBody) {
  const categories = uniqueCategories(body.categories);
  const main = categories[0]!.category;
  // The editor makes goods only: a parcel listed on the downloads' shelf would mislead shoppers.
  if (isDownloadsShelf(main)) throw new AppError('INVALID_DATA', PRODUCT_MESSAGES.digital);
  checkImages(deps.dataDir, body.images, new Set(), body.variants);
  const suffix = randomBytes(3).toString('hex');
  const sku =
    body.sku ?? `EG-${slugOf(body.title).slice(0, 20).toUpperCase()}-${suffix.toUpperCase()}`;
  const created = await guardSkus(() =>
    deps.db.transaction(async (tx) => {
      await checkSkus(tx, null, sku, body.variants);
      const [row] = await tx
        .insert(products)
        .values({
          slug: `${slugOf(body.title)}-${suffix}`,
          title: body.title,
          description: body.description,
          priceCents: body.price,
          sku,
          quantity: body.quantity,
          category: main,
          images: body.images,
          alttext: body.alttext,
          details: body.details,
          personalization: body.personalization,
          status: body.status,
          ...saleColumns(body.sale ?? null),
          hasVariants: body.variants.length > 0,
          isFeatured: body.isFeatured,
          priority: body.priority,
        })
        .returning({ id: products.id });
      const id = row!.id;
      await writeVariants(tx, id, body.variants);
      await syncVariantTotals(tx, [id]);
      const now = await categorise(tx, id, categories);
      await audit(tx, actor, {
        action: 'product.create',
        entity: 'product',
        entityId: id,
        before: null,
        after: { ...auditable(now), images: body.images },
      });
      return now;
    }),
  );
  await stockChanged(deps.db, { productIds: [created.id] });
  return created;
}

/**
 * POST /admin/uploads: one image, decoded and stored as the product artwork's WebP set. One audit
 * row (the upload is a change too, and names the file a later product uses).
 */
export async function uploadImage(deps: ProductDeps, actor: Actor, base64: string) {
  const image = await storeUploadedImage(deps.dataDir, Buffer.from(base64, 'base64'));
  await audit(deps.db, actor, {
    action: 'image.upload',
    entity: 'image',
    entityId: image.path,
    after: { path: image.path, width: image.width, height: image.height },
  });
  return image;
}
