// `npm run dev`: the shop served exactly as `npm start` serves it (the same build, the same
// server entry, dist/serve.mjs from server/serve.ts: API, kept pages, search, static files,
// images, Astro; with the mail worker, body limits and scheduled jobs), rebuilt and restarted
// when a file under api/ core/ server/ src/ content/ or public/ changes. Builds alternate between
// two folders under dist-dev/ (or $BUILD_DIR), so the running server keeps serving while the next
// build is made. NODE_ENV is the shop's mode: development unless set.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { createRebuildLoop } from './dev-loop.mjs';

const WATCHED = ['api', 'core', 'server', 'src', 'content', 'public'];
const root = process.env.BUILD_DIR ?? 'dist-dev';
const slots = [`${root}/a`, `${root}/b`];
let nextSlot = 0;
const shopMode = process.env.NODE_ENV ?? 'development';

/** Runs a command with this process's output; resolves whether it succeeded. */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

async function build() {
  const dir = slots[nextSlot];
  console.log(`[dev] building into ${dir}…`);
  // What `npm start` builds: Astro's build, then the server entry (scripts/build-server.mjs). The
  // build is a production build whatever the shop's mode: Vite would compile React's development
  // JSX under another NODE_ENV, and the server runs React's production build (server/start.ts).
  const built = await run('npm', ['run', 'build'], { BUILD_DIR: dir, NODE_ENV: 'production' });
  if (!built) {
    console.error('[dev] the build failed; the server keeps running as it was.');
    return undefined;
  }
  nextSlot = 1 - nextSlot;
  return dir;
}

function start(dir) {
  const child = spawn(process.execPath, [`${dir}/serve.mjs`], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: shopMode },
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`[dev] the server stopped (${signal ?? code}).`);
  });
  return child;
}

/** Stops a server and waits for it to exit (it closes its database first). */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.stopping = true;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const loop = createRebuildLoop({ build, start, stop });
const watchers = WATCHED.map((folder) =>
  watch(folder, { recursive: true }, (_event, name) => {
    // Editors' swap and backup files are not the site.
    if (name && /(^|\/)\.|~$|\.swp$/.test(String(name))) return;
    loop.changed();
  }),
);

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  for (const watcher of watchers) watcher.close();
  await loop.close();
  process.exit(0);
}
process.on('SIGINT', close);
process.on('SIGTERM', close);

await loop.now();
