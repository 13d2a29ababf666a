import type { Db } from '../../db/client';
import { log } from '../../lib/log';
import { allCategoryOrders, allProductDtos, productDtosByIds } from './product-dtos';
import { publishCatalogueChange } from './notify';
import { CatalogueModel } from './read-model';

/** What a write to the catalogue touched, so the model reads back only that. */
export interface CatalogueChange {
  /** Products added, changed (texts, prices, stock, ratings, categorizations…) or removed. */
  productIds?: string[];
  /** Variants whose stock changed, by sku (their products are read back). */
  skus?: string[];
  /** The section orders changed. */
  categoryOrders?: boolean;
}

interface Loaded {
  model: Promise<CatalogueModel>;
  /** Changes are applied one after another, each reading the database after the one before. */
  queue: Promise<void>;
}

/** The models of this process, one per database. */
const loadedModels = new Map<Db, Loaded>();
const models = () => loadedModels;

async function loadModel(db: Db): Promise<CatalogueModel> {
  const started = performance.now();
  const [products, orders] = await Promise.all([allProductDtos(db), allCategoryOrders(db)]);
  const model = new CatalogueModel(products, orders);
  log('info', 'catalogue loaded', {
    products: model.size,
    ms: Math.round(performance.now() - started),
  });
  return model;
}

/** The catalogue read model of a database, loaded on first use (the server loads it at start). */
export function catalogueOf(db: Db): Promise<CatalogueModel> {
  const all = models();
  const known = all.get(db);
  if (known) return known.model;
  const model = loadModel(db);
  all.set(db, { model, queue: Promise.resolve() });
  model.catch(() => all.delete(db));
  return model;
}

async function readBack(db: Db, model: CatalogueModel, change: CatalogueChange): Promise<void> {
  const whole = !change.productIds && !change.skus && !change.categoryOrders;
  if (whole) {
    const [products, orders] = await Promise.all([allProductDtos(db), allCategoryOrders(db)]);
    const present = new Set(products.map((product) => product._id));
    const removed = model.ids().filter((id) => !present.has(id));
    model.apply(products, removed, orders);
    return;
  }
  const ids = new Set((change.productIds ?? []).map((id) => id.toLowerCase()));
  for (const sku of change.skus ?? []) {
    const id = model.productIdOfSku(sku);
    if (id) ids.add(id);
  }
  const [products, orders] = await Promise.all([
    productDtosByIds(db, [...ids]),
    change.categoryOrders ? allCategoryOrders(db) : undefined,
  ]);
  const found = new Set(products.map((product) => product._id));
  model.apply(
    products,
    [...ids].filter((id) => !found.has(id)),
    orders,
  );
}

/**
 * THE function every catalogue change goes through once the database has it (seed, the back
 * office, rating counts, stock after an order, a cancel or a restock): it reads back what changed
 * and updates this process's read model, so pages and search show it at once. Without a change
 * (or without a database) everything is read again. Safe to call when no model is loaded (it does
 * nothing) and never throws: a model that could not follow is dropped and loads afresh on the next
 * read. The multi-process issue calls it from PostgreSQL LISTEN/NOTIFY for other processes' writes.
 */
export async function catalogueChanged(db?: Db, change: CatalogueChange = {}): Promise<void> {
  publishCatalogueChange(db, change); // other processes on PostgreSQL (./notify.ts)
  const all = models();
  const targets = db ? [db] : [...all.keys()];
  await Promise.all(
    targets.map((target) => {
      const loaded = all.get(target);
      if (!loaded) return undefined;
      loaded.queue = loaded.queue.then(async () => {
        try {
          await readBack(target, await loaded.model, db ? change : {});
        } catch (error) {
          log('error', 'catalogue model could not follow a change; reloading', {
            error: String(error),
          });
          if (all.get(target) === loaded) all.delete(target);
        }
      });
      return loaded.queue;
    }),
  );
}
