import { config } from '../config';

type Level = 'info' | 'debug' | 'error';

/** One line of JSON per event, so logs can be searched by request id. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const configured = config().logLevel;
  if (configured === 'silent' && level !== 'error') return;
  if (level === 'debug' && configured !== 'debug') return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
}
