// Part of `npm start`: builds only when the sources differ from those of the last build. The
// build's inputs (source folders, configuration, lock file, and the settings pages are built
// with) are hashed; the hash is written into the build output after a build succeeds, so a
// restart with nothing changed serves within seconds.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceHash } from './source-hash.mjs';

const outDir = process.env.BUILD_DIR ?? 'dist';

const stamp = join(outDir, '.source-hash');
const current = sourceHash();
const built =
  existsSync(join(outDir, 'serve.mjs')) &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8').trim() === current;
if (built) {
  console.log(`The build in ${outDir}/ matches the sources: not building again.`);
} else {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${current}\n`);
}
