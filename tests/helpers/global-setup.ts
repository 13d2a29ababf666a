import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresTemplates, newPreparedPlace, type PreparedPlace } from './prepared-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when a run has not this global set-up (another config). */
    preparedPlace?: PreparedPlace;
  }
}

/**
 * Vitest's global set-up for the node project: a folder and a name of this run's own for the
 * databases prepared once (tests/helpers/prepared-db.ts) and the entries bundled for child
 * processes (tests/helpers/node-entry.ts), removed when the run ends. Nothing is
 * made here: a run of unit files alone never pays for a database.
 */
export default function setup(project: TestProject) {
  const place = newPreparedPlace(mkdtempSync(join(tmpdir(), 'evergreen-vitest-')));
  project.provide('preparedPlace', place);
  return async () => {
    rmSync(place.folder, { recursive: true, force: true });
    // The run's bundled entries (tests/helpers/node-entry.ts).
    rmSync(resolve('node_modules/.cache/evergreen-entries', place.runId), {
      recursive: true,
      force: true,
    });
    const url = process.env.DATABASE_URL;
    if (url) await dropPostgresTemplates(url, place);
  };
}
