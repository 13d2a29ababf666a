import { spawn } from 'node:child_process';
import { BackupError } from './manifest';

/**
 * Runs one of PostgreSQL's client tools (pg_dump, pg_restore). When it is not installed, one
 * sentence naming the Debian package that brings it. The connection goes to the tool as libpq's
 * environment variables, so its password is never on a command line others can read.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...libpqEnvironment(url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed: install the PostgreSQL client tools (Debian: sudo apt-get install postgresql-client, the same major version as the server or newer), then try again.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(`${tool} failed (exit ${code}): ${errors.trim().split('\n')[0] ?? ''}`),
        );
    });
  });
}

/** DATABASE_URL as libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE (and PGSSLMODE). */
export function libpqEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(parsed.hostname) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres',
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}
