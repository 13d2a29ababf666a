import { log } from '../api/lib/log';

let installed = false;

/**
 * The last line of defence of a serving process: an error nothing else caught (an `error` event
 * without a listener, a promise nobody awaited) is logged and the process keeps serving. A crash
 * loop is worse than one failed request; the database's own losses are handled where they happen
 * (api/db/client.ts) and answer 503.
 */
export function guardProcess(): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (error) => {
    log('error', 'unexpected error; still serving', { error: String(error), stack: error.stack });
  });
  process.on('unhandledRejection', (reason) => {
    log('error', 'unhandled rejection; still serving', {
      error: String(reason),
      stack: reason instanceof Error ? reason.stack : undefined,
    });
  });
}
