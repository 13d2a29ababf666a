/**
 * Whether a failure means the database could not be reached or dropped the connection (restarted,
 * terminated the backend, timed out): the request fails with 503 and Retry-After, the pool replaces
 * the connection, and the process goes on (api/plugins/errors.ts).
 */
const LOST_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);

const LOST_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /server closed the connection/i,
  /cannot use a pool after calling end/i,
  /query read timeout/i, // node-postgres's query_timeout: the server did not answer in time
];

/** Seconds a client is told to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

export function isConnectionLoss(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== 'object') return false;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
