import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every island hydrated `client:idle` names the timeout of src/lib/hydration.ts, so it hydrates
// even on a page that never goes idle (tests/e2e/hydration.spec.ts shows it on the pages there
// are today; this catches a new page or island written with a bare `client:idle`).
const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function astroFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.astro'))
    .map((name) => join(SRC, name));
}

/** Each `client:idle` in a file's source with what follows it, when that is not the timeout. */
function bareIdle(source: string): string[] {
  return [...source.matchAll(/client:idle(\S*)/g)]
    .map((match) => match[0])
    .filter((found) => !found.startsWith('client:idle={IDLE_AT_LATEST}'));
}

describe('client:idle islands', () => {
  it('finds a bare client:idle', () => {
    expect(bareIdle('<Menu client:idle />\n<Cart client:idle={IDLE_AT_LATEST} />')).toEqual([
      'client:idle',
    ]);
    expect(bareIdle('<Menu client:idle={{ timeout: 9000 }} />')).toHaveLength(1);
  });

  it('all name the timeout at which they hydrate anyway', () => {
    const files = astroFiles();
    expect(files.length).toBeGreaterThan(20);
    const bare = files.flatMap((file) =>
      bareIdle(readFileSync(file, 'utf8')).map((found) => `${file}: ${found}`),
    );
    expect(bare).toEqual([]);
  });
});
