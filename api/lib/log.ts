import { writeSync } from 'node:fs';
import { config } from '../config';

type Level = 'info' | 'debug' | 'error';

/**
 * Lines waiting to be written to stdout: a request's line is queued and written with the others of
 * the same turn of the event loop in one write, after the answers have gone out, so logging never
 * holds a request up. Errors go to stderr at once. Whatever is queued when the process exits
 * (process.exit included) is written before it ends.
 */
const pending: string[] = [];
let scheduled = false;
let hooked = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = pending.join('');
  pending.length = 0;
  process.stdout.write(text);
}

function flushNow(): void {
  if (pending.length === 0) return;
  const text = pending.join('');
  pending.length = 0;
  try {
    writeSync(process.stdout.fd, text);
  } catch {
    // stdout is gone: nothing left to tell.
  }
}

function queue(line: string): void {
  if (!hooked) {
    hooked = true;
    process.on('exit', flushNow);
  }
  pending.push(line);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

/** One line of JSON per event, so logs can be searched by request id. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const configured = config().logLevel;
  if (configured === 'silent' && level !== 'error') return;
  if (level === 'debug' && configured !== 'debug') return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === 'error') {
    // Earlier lines first, so the log keeps its order.
    flushNow();
    console.error(line);
  } else queue(`${line}\n`);
}
