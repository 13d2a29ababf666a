import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceHash } from '../../scripts/source-hash.mjs';

/** `npm start` builds only when the sources (or the settings pages are built with) changed. */
describe('the build before npm start', () => {
  it('is skipped when the build output carries the sources’ hash', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'evergreen-build-'));
    writeFileSync(join(outDir, 'serve.mjs'), '');
    writeFileSync(join(outDir, '.source-hash'), `${sourceHash()}\n`);
    const output = execFileSync(process.execPath, ['scripts/build-if-changed.mjs'], {
      env: { ...process.env, BUILD_DIR: outDir },
      encoding: 'utf8',
    });
    expect(output).toBe(`The build in ${outDir}/ matches the sources: not building again.\n`);
  });

  it('changes with a setting the pages are built with', () => {
    const env = { ...process.env, SITE_NAME: 'Evergreen' };
    expect(sourceHash({ ...env, SITE_NAME: 'Cedar' })).not.toBe(sourceHash(env));
    expect(sourceHash({ ...env, SMTP_URL: 'smtp://x' })).toBe(sourceHash(env));
  });
});
