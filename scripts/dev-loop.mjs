// The rebuild loop of `npm run dev` (scripts/dev.mjs), apart from processes and files so a test
// can drive it: changes are gathered for a moment, then the site is built once; a good build
// replaces the running server (the old one has exited before the new one starts: PGlite allows
// one process per data folder), a failed one leaves it running. Changes made while a build runs
// start one more build when it ends.

/**
 * @template Built, Server
 * @param {{
 *   build: () => Promise<Built | undefined>,
 *   start: (built: Built) => Promise<Server> | Server,
 *   stop: (server: Server) => Promise<void>,
 *   delayMs?: number,
 *   schedule?: (run: () => void, ms: number) => unknown,
 *   cancel?: (timer: unknown) => void,
 * }} parts
 */
export function createRebuildLoop({
  build,
  start,
  stop,
  delayMs = 300,
  schedule = (run, ms) => setTimeout(run, ms),
  cancel = (timer) => clearTimeout(/** @type {NodeJS.Timeout} */ (timer)),
}) {
  /** @type {unknown} */
  let timer;
  /** @type {Promise<void> | undefined} */
  let building;
  let changedWhileBuilding = false;
  /** @type {Server | undefined} */
  let server;
  let closed = false;

  async function rebuild() {
    const built = await build();
    if (built === undefined || closed) return;
    if (server !== undefined) await stop(server);
    server = await start(built);
  }

  /** Builds now (or once more after the build under way) and restarts on success. */
  function now() {
    if (closed) return Promise.resolve();
    if (building) {
      changedWhileBuilding = true;
      return building;
    }
    building = rebuild().finally(() => {
      building = undefined;
      if (changedWhileBuilding) {
        changedWhileBuilding = false;
        void now();
      }
    });
    return building;
  }

  return {
    now,
    /** A file changed: build once the changes have stopped for `delayMs`. */
    changed() {
      if (closed) return;
      if (timer !== undefined) cancel(timer);
      timer = schedule(() => {
        timer = undefined;
        void now();
      }, delayMs);
    },
    /** Stops watching and stops the server, after the build under way. */
    async close() {
      closed = true;
      if (timer !== undefined) cancel(timer);
      await building;
      if (server !== undefined) await stop(server);
      server = undefined;
    },
  };
}
