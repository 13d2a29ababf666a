import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitByWorkerSharing } from '../helpers/worker-sharing';

/** A project folder with the given files under tests/api. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'worker-sharing-'));
  mkdirSync(join(root, 'tests/api'), { recursive: true });
  mkdirSync(join(root, 'tests/helpers'), { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(join(root, name), source);
  return root;
}

const split = (root: string) =>
  splitByWorkerSharing(root, [{ folder: 'tests/api', recursive: true }]);

describe('which test files share a worker process', () => {
  it('keeps a process each for files that change the environment, mocks, globals or timers', () => {
    const root = project({
      'tests/api/env.test.ts': "process.env.DATA_DIR = '/tmp/x';",
      'tests/api/env-delete.test.ts': 'delete process.env.MIGRATIONS_DIR;',
      'tests/api/env-index.test.ts': "process.env['PATH'] = '';",
      'tests/api/mock.test.ts': "vi.doMock('../../api/config', () => ({}));",
      'tests/api/global.test.ts': "vi.stubGlobal('fetch', () => undefined);",
      'tests/api/timers.test.ts': 'vi.useFakeTimers();',
      'tests/api/reads.test.ts': "if (process.env.DATABASE_URL === '') it.skip('x');",
      'tests/api/plain.test.ts': "import { it } from 'vitest';",
    });
    expect(split(root)).toEqual({
      isolated: [
        'tests/api/env-delete.test.ts',
        'tests/api/env-index.test.ts',
        'tests/api/env.test.ts',
        'tests/api/global.test.ts',
        'tests/api/mock.test.ts',
        'tests/api/timers.test.ts',
      ],
      shared: ['tests/api/plain.test.ts', 'tests/api/reads.test.ts'],
    });
  });

  it('keeps a process each for files that start processes or touch the process itself', () => {
    const root = project({
      'tests/api/spawns.test.ts': "import { spawn } from 'node:child_process';",
      'tests/api/exec.test.ts': "import { execFileSync } from 'child_process';",
      'tests/api/listener.test.ts': "process.on('unhandledRejection', () => undefined);",
      'tests/api/exit-code.test.ts': 'process.exitCode = 1;',
      'tests/api/signal.test.ts': "process.kill(process.pid, 'SIGTERM');",
      'tests/api/whole-env.test.ts': 'process.env = {};',
      'tests/api/clock.test.ts': 'vi.setSystemTime(0);',
      'tests/api/define.test.ts': "Object.defineProperty(globalThis, 'x', { value: 1 });",
      'tests/api/compares.test.ts': 'expect(process.exitCode == 1).toBe(false);',
    });
    expect(split(root).isolated).toEqual([
      'tests/api/clock.test.ts',
      'tests/api/define.test.ts',
      'tests/api/exec.test.ts',
      'tests/api/exit-code.test.ts',
      'tests/api/listener.test.ts',
      'tests/api/signal.test.ts',
      'tests/api/spawns.test.ts',
      'tests/api/whole-env.test.ts',
    ]);
  });

  it('follows the test helpers a file imports, however deep', () => {
    const root = project({
      'tests/helpers/inner.ts': 'export const f = () => { process.env.MIGRATIONS_DIR = "x"; };',
      'tests/helpers/outer.ts': "export { f } from './inner';",
      'tests/api/uses-helper.test.ts': "import { f } from '../helpers/outer';",
      'tests/api/uses-app.test.ts': "import { createApp } from '../../api/app';",
    });
    expect(split(root)).toEqual({
      isolated: ['tests/api/uses-helper.test.ts'],
      shared: ['tests/api/uses-app.test.ts'],
    });
  });
});
