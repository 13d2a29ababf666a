// Bundles the production entry (server/serve.ts) into dist/serve.mjs next to Astro's build.
// Packages stay external: they are installed in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/serve.ts'],
  outfile: `${process.env.BUILD_DIR ?? 'dist'}/serve.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
