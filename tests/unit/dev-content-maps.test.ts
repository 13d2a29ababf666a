import { describe, expect, it } from 'vitest';
import { astroStoreClass, guardStoreClass } from '../../server/dev-content-maps';

/**
 * A stand-in with the flaw of Astro's content store (server/dev-content-maps.ts): a map's write
 * clears its "to write" mark when it ends, even when an entry was added while it was writing,
 * and a write finds nothing to do once the mark is clear.
 */
function storeClass() {
  return class {
    modules = new Map<string, string>();
    assets = new Set<string>();
    dirty = { modules: false, assets: false };
    written = { modules: [] as string[][], assets: [] as string[][] };
    /** Called while a write is under way (after it read the map, before it ends). */
    during: (() => void) | undefined;
    addModuleImport(fileName: string) {
      this.modules.set(fileName, fileName);
      this.dirty.modules = true;
    }
    addAssetImport(assetImport: string, _filePath: string) {
      this.assets.add(assetImport);
      this.dirty.assets = true;
    }
    async writeModuleImports() {
      if (!this.dirty.modules) return;
      const code = [...this.modules.keys()];
      await Promise.resolve();
      this.during?.();
      this.written.modules.push(code);
      this.dirty.modules = false;
    }
    async writeAssetImports() {
      if (!this.dirty.assets) return;
      const code = [...this.assets];
      await Promise.resolve();
      this.during?.();
      this.written.assets.push(code);
      this.dirty.assets = false;
    }
  };
}

describe('the guard around the content maps of npm run dev', () => {
  it('without it, an entry added during a write is never written (the flaw it guards)', async () => {
    const store = new (storeClass())();
    store.addModuleImport('old.mdx');
    store.during = () => store.addModuleImport('new.mdx');
    await store.writeModuleImports();
    store.during = undefined;
    await store.writeModuleImports(); // the write the new entry asked for
    expect(store.written.modules.at(-1)).toEqual(['old.mdx']);
  });

  it('writes a map again, whole, when an entry was added while it was being written', async () => {
    const Store = storeClass();
    guardStoreClass(Store);
    guardStoreClass(Store); // once only
    const store = new Store();
    store.addModuleImport('old.mdx');
    store.addAssetImport('old.webp', 'old.mdx');
    store.during = () => {
      store.addModuleImport('new.mdx');
      store.addAssetImport('new.webp', 'new.mdx');
    };
    await store.writeModuleImports();
    await store.writeAssetImports();
    store.during = undefined;
    await store.writeModuleImports();
    await store.writeAssetImports();
    expect(store.written.modules.at(-1)).toEqual(['old.mdx', 'new.mdx']);
    expect(store.written.assets.at(-1)).toEqual(['old.webp', 'new.webp']);
  });

  it('adds nothing again when no entry came during the write', async () => {
    const Store = storeClass();
    guardStoreClass(Store);
    const store = new Store();
    store.addModuleImport('old.mdx');
    await store.writeModuleImports();
    await store.writeModuleImports();
    expect(store.written.modules).toEqual([['old.mdx']]);
  });

  it('finds the methods it wraps on Astro’s own store (read, not changed, here)', async () => {
    const { prototype } = await astroStoreClass();
    for (const name of [
      'addModuleImport',
      'writeModuleImports',
      'addAssetImport',
      'writeAssetImports',
    ] as const) {
      expect(typeof prototype[name], name).toBe('function');
    }
  });
});
