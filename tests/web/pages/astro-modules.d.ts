/**
 * `.astro` files as plain TypeScript sees them (tsc has no Astro plugin): a component the
 * container renders. `astro check` reads the files themselves.
 */
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';

  const component: AstroComponentFactory;
  export default component;
}
