import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaredLength } from '../api/lib/request-limits';

/** How long, and how much more of, a body no one will read is taken (and dropped) after the answer. */
const LINGER_MS = 500;
const LINGER_BYTES = 1024 * 1024;

/** Whether a request comes with a body: a length over 0, or one streamed (chunked). */
export function carriesBody(incoming: IncomingMessage): boolean {
  const declared = declaredLength(incoming.headers['content-length']);
  return (declared ?? 0) > 0 || incoming.headers['transfer-encoding'] !== undefined;
}

/**
 * For an answer given before the request's body came in full (refused unread, or read only up
 * to its limit): once the answer is sent, what more comes of the body is dropped as it arrives,
 * never kept, for half a second or a megabyte at most; then the connection is closed. Closing at
 * once, with the client still sending, would reset the connection, and most clients then lose
 * the answer they were sent; a body that ends in that time leaves the connection open for the
 * next request.
 */
export function dropUnreadBody(incoming: IncomingMessage, outgoing: ServerResponse): void {
  outgoing.once('finish', () => {
    if (incoming.complete || incoming.destroyed) return;
    let dropped = 0;
    const close = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.socket?.destroySoon();
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    incoming.once('end', () => clearTimeout(timer));
    // A reader that stopped at the limit may still be listening: it will not read again.
    incoming.removeAllListeners('readable');
    incoming.on('data', onData);
    incoming.resume();
  });
}
