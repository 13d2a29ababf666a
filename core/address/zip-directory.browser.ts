import type { ZipDirectory } from './zip-directory';

/**
 * The browser's stand-in for `zip-directory.ts` (chosen by package.json `imports` under the
 * `browser` condition): no table, so the form checks a ZIP's format and the server, which has the
 * table, says whether it exists and lies in the state. Its message shows under the ZIP field.
 */
export const zipDirectory: ZipDirectory | null = null;
