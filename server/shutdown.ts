import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { log } from '../api/lib/log';

export interface ShutdownOptions {
  /** How long requests in flight may take to finish once a signal came (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** Stops the background work and closes the database, after the last request has finished. */
  closeResources(): Promise<void>;
  /** Ends the process (replaced in tests). */
  exit?(code: number): void;
  /** How long a kept-alive connection must stay idle once stopping before it is closed. */
  lingerMs?: number;
}

/** A connection's requests being answered, and since when it has had none. */
interface ConnectionState {
  busy: number;
  idleSince: number;
}

const DEFAULT_LINGER_MS = 500;
const SWEEP_EVERY_MS = 50;

/**
 * Follows the server's connections and their requests under way; `closeLingering` closes those idle
 * for `lingerMs` or more and answers how many are left.
 */
function trackConnections(server: Server, lingerMs: number) {
  const connections = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.busy++;
    res.once('close', () => {
      state.busy--;
      state.idleSince = Date.now();
    });
  });
  return {
    closeLingering() {
      const now = Date.now();
      for (const [socket, state] of connections) {
        if (state.busy === 0 && now - state.idleSince >= lingerMs) socket.destroy();
      }
      return connections.size;
    },
  };
}

/**
 * Once the server has stopped listening and its connections are gone: waits (up to `graceMs`) for
 * the handlers still running, closes the resources and exits 0, or 1 if closing failed.
 */
async function finishShutdown(
  inFlight: Set<Promise<void>>,
  options: ShutdownOptions,
  exit: (code: number) => void,
) {
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
}

/**
 * A server's clean stop. The first SIGTERM or SIGINT stops taking connections and answers every
 * request already received, on new or kept-alive connections alike (each answer then closes its
 * connection); a connection is closed only once it has been idle for `lingerMs`, so a request a
 * client sent on it as the signal came is answered, not reset. After up to `graceMs` the rest are
 * closed, then `closeResources` (mail worker, jobs, database) runs and the process exits 0. A
 * second signal ends the process at once (exit 1): an operator who presses Ctrl+C twice means it.
 */
export function gracefulShutdown(server: Server, options: ShutdownOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const lingerMs = Math.min(options.lingerMs ?? DEFAULT_LINGER_MS, options.graceMs);
  let stopping = false;
  // Handlers still running, even for a client that has gone: the database closes only after them.
  const inFlight = new Set<Promise<void>>();
  const { closeLingering } = trackConnections(server, lingerMs);

  const shutdown = (signal: string) => {
    if (stopping) {
      log('error', 'second signal: stopping at once', { signal });
      exit(1);
      return;
    }
    stopping = true;
    log('info', 'shutting down', { signal, graceMs: options.graceMs });
    const sweep = setInterval(closeLingering, SWEEP_EVERY_MS);
    sweep.unref();
    const force = setTimeout(() => {
      log('error', 'shutdown grace over; closing open connections', { open: inFlight.size });
      clearInterval(sweep);
      server.closeAllConnections();
    }, options.graceMs);
    force.unref();
    // net.Server's own close: stops listening without http.Server's closing of idle connections,
    // which would reset a request on its way on a kept-alive one.
    NetServer.prototype.close.call(server, () => {
      clearInterval(sweep);
      void finishShutdown(inFlight, options, exit);
    });
  };

  return {
    get stopping() {
      return stopping;
    },
    /** Counts a request's handling as in flight; once stopping, its answer closes its connection. */
    track(req: IncomingMessage, res: ServerResponse, work: Promise<void>): void {
      if (stopping) res.setHeader('Connection', 'close');
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
