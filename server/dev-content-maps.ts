/**
 * A guard for `npm run dev` (./dev-astro.ts) around a race in Astro's content store (Astro 5.18,
 * still in 7.x: `MutableDataStore`, astro/dist/content/mutable-data-store.js).
 *
 * Astro keeps two maps beside its data store, `.astro/content-modules.mjs` (how to load each MDX
 * article) and `.astro/content-assets.mjs` (the images their frontmatter names), and rewrites each
 * 500 ms after an entry adds to it. A rewrite that is under way when another entry is added (an
 * article saved, then a new one written about half a second later, as an editor or the dev-server
 * test does) marks the map as written when it ends, though what it wrote was built before the new
 * entry; the rewrite the new entry asked for then finds nothing to do. The data store has the new
 * article and the maps do not, so its page is a 500 ("Unexpected error while rendering") until
 * another save (seen in tests/unit/dev-server.test.ts on a loaded machine: both maps without the
 * article, the data store with it, for the whole 30 s).
 *
 * The guard counts the entries added to each map; when one was added while that map was being
 * written, it adds it again once the write is over, so that Astro writes the map once more, whole.
 */

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** What the guard needs of Astro's store (its public methods). */
interface ContentStore {
  addModuleImport(fileName: string): void;
  addAssetImport(assetImport: string, filePath: string): void;
  writeModuleImports(filePath: unknown): Promise<void>;
  writeAssetImports(filePath: unknown): Promise<void>;
}

export type StoreClass = { prototype: ContentStore };

interface Added {
  count: number;
  again?: () => void;
}

const GUARDED = Symbol.for('evergreen.contentMapsGuarded');

/**
 * Wraps one map's `add` and `write` methods: `add` counts and remembers how to ask again; `write`
 * asks again when the count moved while it was writing.
 */
function guardMap<A extends unknown[]>(
  prototype: Record<string, unknown>,
  addName: string,
  writeName: string,
) {
  const added = new WeakMap<object, Added>();
  const stateOf = (store: object): Added => {
    let state = added.get(store);
    if (!state) added.set(store, (state = { count: 0 }));
    return state;
  };
  const add = prototype[addName] as (this: object, ...args: A) => void;
  const write = prototype[writeName] as (this: object, filePath: unknown) => Promise<void>;
  if (typeof add !== 'function' || typeof write !== 'function') {
    throw new Error(`Astro's content store has no ${addName} and ${writeName}: review the guard.`);
  }
  prototype[addName] = function (this: object, ...args: A) {
    const state = stateOf(this);
    state.count += 1;
    state.again = () => add.apply(this, args);
    add.apply(this, args);
  };
  prototype[writeName] = async function (this: object, filePath: unknown) {
    const state = stateOf(this);
    const before = state.count;
    await write.call(this, filePath);
    if (state.count !== before) state.again?.();
  };
}

/** Guards both maps of a store class (Astro's, or a stand-in in tests), once. */
export function guardStoreClass(storeClass: StoreClass): void {
  const prototype = storeClass.prototype as unknown as Record<string | symbol, unknown>;
  if (prototype[GUARDED]) return;
  prototype[GUARDED] = true;
  guardMap<[string]>(prototype, 'addModuleImport', 'writeModuleImports');
  guardMap<[string, string]>(prototype, 'addAssetImport', 'writeAssetImports');
}

/** Astro's store class: not in its exports, so found from its package (the module its dev server loads). */
export async function astroStoreClass(): Promise<StoreClass> {
  const astroPackage = pathToFileURL(createRequire(import.meta.url).resolve('astro/package.json'));
  const url = new URL('./dist/content/mutable-data-store.js', astroPackage);
  return ((await import(url.href)) as { MutableDataStore: StoreClass }).MutableDataStore;
}

/** Installs the guard on Astro's store class, once per process, before its dev server starts. */
export async function guardContentMaps(): Promise<void> {
  guardStoreClass(await astroStoreClass());
}
