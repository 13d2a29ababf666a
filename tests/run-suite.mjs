/**
 * `npm test`: the whole suite, arranged for a 2-core machine, printing how long each stage took.
 *
 *   1. Two lanes side by side, each of mostly single-threaded jobs: the production build then
 *      `astro check` (one lane, as both write Astro's generated types), and ESLint, Prettier, the
 *      duplicate-code scan and the size check (no file over 300 lines outside seed data, no
 *      function over 80, no deep import between modules, no folder cycle: issue 37).
 *   2. Vitest: unit, component, Astro page and API tests, two files at a time. The API suites run
 *      once, on PostgreSQL when one answers (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/
 *      test); in the same run the files about the embedded database (tests/embedded-database.mjs)
 *      run on PGlite too (vitest.config.ts, project 'embedded'). With no PostgreSQL, everything
 *      runs on PGlite.
 *   3. Playwright against the build of step 1.
 *
 * A failed job stops the suite once its lane's phase is over. With STAGE_TIMES set to a file, each
 * stage's time is also appended there (`.ci/run` prints them together at the end).
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL server the API suites run on, or undefined when none answers. */
async function reachablePostgres() {
  const url = process.env.DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    if (process.env.DATABASE_URL) throw new Error(`PostgreSQL at DATABASE_URL does not answer.`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const postgres = await reachablePostgres();
const vitestJobs = postgres
  ? [
      [
        'vitest (unit, components, pages, API on PostgreSQL; the embedded database on PGlite)',
        `DATABASE_URL='${postgres}' EVERGREEN_EMBEDDED_PASS=1 npx vitest run`,
      ],
    ]
  : [['vitest (unit, components, pages, API on PGlite)', 'DATABASE_URL= npx vitest run']];
if (!postgres) {
  console.log(`--- no PostgreSQL at ${LOCAL_POSTGRES}: the API suites run on PGlite alone`);
}

const phases = [
  [
    [
      ['build', 'npm run build'],
      ['astro check (types of .astro, .ts and .tsx)', 'npm run typecheck'],
    ],
    [
      ['eslint', 'npm run lint'],
      ['prettier', 'npm run format:check'],
      ['duplicate-code scan (jscpd)', 'npm run dup'],
      ['size and shape (scripts/size-report.ts --check)', 'npx tsx scripts/size-report.ts --check'],
    ],
  ],
  [vitestJobs],
  [[['playwright (end-to-end)', 'npx playwright test']]],
];

/** Runs one job; with `buffered`, its output is held and printed in one piece when it ends. */
function run(name, command, buffered) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (buffered) process.stdout.write(Buffer.concat(output));
      const line = `${name}: ${seconds} s${code === 0 ? '' : ` (FAILED, exit ${code})`}`;
      console.log(`--- ${line}`);
      if (process.env.STAGE_TIMES) appendFileSync(process.env.STAGE_TIMES, `${line}\n`);
      resolve(code === 0);
    });
  });
}

async function lane(jobs, buffered) {
  for (const [name, command] of jobs) {
    console.log(`--- ${name}: started`);
    if (!(await run(name, command, buffered))) return false;
  }
  return true;
}

for (const lanes of phases) {
  const results = await Promise.all(lanes.map((jobs) => lane(jobs, lanes.length > 1)));
  if (results.includes(false)) process.exit(1);
}
