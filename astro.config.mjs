// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';

const site = process.env.PUBLIC_SITE_URL || 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'server',
  // BUILD_DIR lets two builds (e.g. two work trees' test runs) live side by side.
  outDir: process.env.BUILD_DIR ?? './dist',
  // Middleware mode: dist/serve.mjs owns the HTTP server, sends /api/* straight to Elysia and the
  // rest to Astro's handler, with what pages need in `locals` (see server/serve.ts). `npm run dev`
  // serves through the same entry with Astro's dev server for pages (server/dev.ts).
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), mdx()],
  // Sharp, plus resized copies of public/ files (product artwork) and a small cache of them.
  image: { service: { entrypoint: './src/lib/image-service.ts' } },
  security: {
    checkOrigin: true,
    // Forwarded headers are trusted only for this host, so a forged X-Forwarded-Host cannot
    // poison links or caches.
    allowedDomains: [{ hostname: new URL(site).hostname }],
  },
  experimental: {
    // Hashes every script and style Astro emits into a Content-Security-Policy, so islands keep
    // working without 'unsafe-inline'.
    csp: true,
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg', 'sharp'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
