import { configDefaults, defineConfig } from 'vitest/config';
import { EMBEDDED_DATABASE_FILES } from './tests/embedded-database.mjs';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Two files at a time on the 2-core machines this runs on (Vitest's default there is one: a
    // core minus one). Each file keeps a process of its own (isolate): the app keeps state per
    // process, and the component tests fail without it (measured).
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/web/**/*.test.ts'],
          // Astro pages run in their own project, with Astro's Vite config (below).
          exclude: [...configDefaults.exclude, 'tests/web/pages/**'],
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      // `npm test` with PostgreSQL (tests/run-suite.mjs sets EVERGREEN_EMBEDDED_PASS): the files
      // about the embedded database again, on PGlite, in the same run, so the two share its
      // workers instead of one waiting for the other.
      ...(process.env.EVERGREEN_EMBEDDED_PASS
        ? [
            {
              extends: true as const,
              test: {
                name: 'embedded',
                include: EMBEDDED_DATABASE_FILES,
                env: { DATABASE_URL: '' },
                globalSetup: ['tests/helpers/global-setup.ts'],
              },
            },
          ]
        : []),
      // The React islands in a DOM, the API answered at fetch (issue 23 point 6).
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/web/components/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/components/setup.ts'],
          pool: 'threads',
          testTimeout: 10_000,
        },
      },
      // Astro's config costs about a second at every start; one run instead of two saves more.
      'tests/web/pages/vitest.config.ts',
    ],
  },
});
