import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/web/**/*.test.ts'],
          // Astro pages run under their own config (tests/web/pages/vitest.config.ts): loading
          // Astro's would slow every run of the others.
          exclude: [...configDefaults.exclude, 'tests/web/pages/**'],
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
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
    ],
  },
});
