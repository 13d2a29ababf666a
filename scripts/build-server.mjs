// Bundles the production entry (server/serve.ts) into dist/serve.mjs next to Astro's build, and
// precompresses the client files.
// Packages stay external: they are installed in node_modules.
import { build } from 'esbuild';
import { precompress } from './precompress.mjs';

const outDir = process.env.BUILD_DIR ?? 'dist';

// dist/serve.mjs (server/start.ts) sets NODE_ENV=production, then loads the server itself
// (dist/serve-main.mjs), so React's production build runs whatever the shop's mode.
await build({
  entryPoints: { serve: 'server/start.ts', 'serve-main': 'server/serve.ts' },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

precompress(`${outDir}/client`);
