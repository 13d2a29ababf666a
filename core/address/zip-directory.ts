import { createRequire } from 'node:module';
import type * as Zipcodes from 'zipcodes';

/**
 * Which state a ZIP code belongs to, from the `zipcodes` package (about 42,000 US ZIP codes with
 * the state the Postal Service assigns each). The server checks every address against it; the
 * browser gets `zip-directory.browser.ts` instead (package.json `imports`, condition `browser`), so
 * the 5 MB table never ships to a shopper and the form checks the ZIP's format only.
 */
export interface ZipDirectory {
  /** The two-letter state of a five-digit ZIP code, or undefined when no such ZIP exists. */
  stateOf(zip5: string): string | undefined;
}

let zipcodes: typeof Zipcodes | undefined;

/** Loaded on first use (about 250 ms, 30 MB), so a process that checks no address never pays. */
function table(): typeof Zipcodes {
  zipcodes ??= createRequire(import.meta.url)('zipcodes') as typeof Zipcodes;
  return zipcodes;
}

export const usZipDirectory: ZipDirectory = {
  stateOf(zip5) {
    if (!/^\d{5}$/.test(zip5)) return undefined;
    const entry = table().lookup(zip5);
    return entry?.country === 'US' ? entry.state : undefined;
  },
};

/** What the address schema checks with: the table here, null in the browser. */
export const zipDirectory: ZipDirectory | null = usZipDirectory;
