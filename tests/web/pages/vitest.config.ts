import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';

/**
 * Astro pages rendered in Astro's container (issue 23 point 6): what a page shows when the API's
 * catalogue cannot be read (./render.ts).
 */
export default getViteConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    name: 'pages',
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    include: ['tests/web/pages/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    env: {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      // Nothing listens on port 1: every connection is refused at once.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unreachable',
    },
  },
});
