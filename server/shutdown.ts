import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { log } from '../api/lib/log';

export interface ShutdownOptions {
  /** How long requests in flight may take to finish once a signal came (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** Stops the background work and closes the database, after the last request has finished. */
  closeResources(): Promise<void>;
  /** Ends the process (replaced in tests). */
  exit?(code: number): void;
}

/**
 * A server's clean stop. The first SIGTERM or SIGINT stops taking connections, lets requests in
 * flight finish (their connections then close, keep-alive or not) for up to `graceMs`, then
 * closes what `closeResources` names (mail worker, jobs, database) and exits 0. A second signal
 * ends the process at once (exit 1): an operator who presses Ctrl+C twice means it.
 */
export function gracefulShutdown(server: Server, options: ShutdownOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  // Handlers still running, even for a client that has gone: the database closes only after them.
  const inFlight = new Set<Promise<void>>();

  const shutdown = (signal: string) => {
    if (stopping) {
      log('error', 'second signal: stopping at once', { signal });
      exit(1);
      return;
    }
    stopping = true;
    log('info', 'shutting down', { signal, graceMs: options.graceMs });
    const force = setTimeout(() => {
      log('error', 'shutdown grace over; closing open connections', { open: inFlight.size });
      server.closeAllConnections();
    }, options.graceMs);
    force.unref();
    server.close(async () => {
      // Connections are gone, but handlers whose client left may still be querying.
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => setTimeout(resolve, options.graceMs).unref()),
      ]);
      try {
        await options.closeResources();
        log('info', 'stopped');
        exit(0);
      } catch (error) {
        log('error', 'shutdown failed', { error: String(error) });
        exit(1);
      }
    });
    server.closeIdleConnections();
    // Requests already being answered: their connections close once the answer is sent.
    setImmediate(() => server.closeIdleConnections());
  };

  return {
    get stopping() {
      return stopping;
    },
    /** Counts a request's handling as in flight, and lets its connection go once stopping. */
    track(req: IncomingMessage, res: ServerResponse, work: Promise<void>): void {
      if (stopping) res.setHeader('Connection', 'close');
      res.on('finish', () => {
        if (stopping) setImmediate(() => server.closeIdleConnections());
      });
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
    /** Installs the handlers of SIGTERM and SIGINT. */
    onSignals(): void {
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
    },
    shutdown,
  };
}
