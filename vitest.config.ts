import { defineConfig } from 'vitest/config';
import { EMBEDDED_DATABASE_FILES } from './tests/embedded-database.mjs';
import { splitByWorkerSharing } from './tests/helpers/worker-sharing';

// The unit, API and web-helper files: those that change process state (the environment, module
// mocks, globals, timers, listeners on the process) or start processes keep a process each; the
// others share a worker thread from file to file, which spares each its module loading
// (tests/helpers/worker-sharing.ts; issue 37 point 6). Proven on the shared files together, in
// order and shuffled; EVERGREEN_SHARED_WORKERS=0 gives every file a process again (to tell
// whether a failure comes from sharing).
const SHARE_WORKERS = process.env.EVERGREEN_SHARED_WORKERS !== '0';
const split = splitByWorkerSharing(import.meta.dirname, [
  { folder: 'tests/unit', recursive: true },
  { folder: 'tests/api', recursive: true },
  { folder: 'tests/web', recursive: false },
]);
const nodeFiles = SHARE_WORKERS
  ? split
  : { isolated: [...split.isolated, ...split.shared].sort(), shared: [] };

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Two files at a time on the 2-core machines this runs on (Vitest's default there is one: a
    // core minus one). Each file keeps a process of its own (the forks pool isolates) unless its
    // project runs on threads (node-shared): the app keeps state per process, and the component
    // tests fail without it (measured).
    maxWorkers: 2,
    minWorkers: 1,
    // Vitest makes one pool of each kind for the whole run, isolating or not by this root setting
    // (a project's `isolate` does not change it): the forks pool starts a process per file, the
    // threads pool keeps its threads from file to file, for the node files that may share one.
    poolOptions: { threads: { isolate: false } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: nodeFiles.isolated,
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      ...(SHARE_WORKERS
        ? [
            {
              extends: true as const,
              test: {
                name: 'node-shared',
                include: nodeFiles.shared,
                pool: 'threads' as const,
                isolate: false,
                globalSetup: ['tests/helpers/global-setup.ts'],
              },
            },
          ]
        : []),
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
          testTimeout: 10_000,
        },
      },
      // Astro's config costs about a second at every start; one run instead of two saves more.
      'tests/web/pages/vitest.config.ts',
    ],
  },
});
