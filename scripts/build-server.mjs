// Bundles the production entry (server/serve.ts) into dist/serve.mjs next to Astro's build, and
// precompresses the client files.
// Packages stay external: they are installed in node_modules.
import { build } from 'esbuild';
import { precompress } from './precompress.mjs';

const outDir = process.env.BUILD_DIR ?? 'dist';

await build({
  entryPoints: ['server/serve.ts'],
  outfile: `${outDir}/serve.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

precompress(`${outDir}/client`);
