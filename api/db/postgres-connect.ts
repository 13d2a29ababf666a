import { ConfigError } from '../config';

/*
 * Opening PostgreSQL (api/db/client.ts): the first connection that turns a wrong DATABASE_URL into
 * one sentence a person can act on, and the guard that drops a connection whose query timed out.
 */

const isReadTimeout = (error: unknown) =>
  error instanceof Error && error.message === 'Query read timeout';

/**
 * node-postgres answers a query past its query_timeout with an error but keeps waiting on the
 * connection, which would go back to the pool still busy with the lost query (drizzle releases a
 * transaction's client without the error). The connection is closed instead: the pool drops it
 * and opens a fresh one, and a transaction's rollback fails at once rather than waiting too.
 */
export function dropOnReadTimeout(client: import('pg').PoolClient): void {
  const drop = (error: unknown) => {
    if (!isReadTimeout(error)) return;
    const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } })
      .connection?.stream;
    stream?.destroy();
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        drop(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) answer.catch(drop);
    return answer;
  };
}

/** What DATABASE_URL points at, for messages: never its password. */
function describeTarget(url: URL) {
  const host = url.hostname || 'localhost';
  const port = url.port || '5432';
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  const user = decodeURIComponent(url.username) || process.env.USER || 'postgres';
  return { host, port, name, user, where: `${host}:${port}` };
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Connects once before anything else, so a mistake in DATABASE_URL is one sentence a person can act
 * on (a ConfigError, printed without a stack). A database that does not exist is created when the
 * role may create databases; otherwise the sentence gives the command that creates it.
 */
export async function ensurePostgresDatabase(
  pg: typeof import('pg').default,
  url: string,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid postgres:// URL.');
  }
  const target = describeTarget(parsed);
  try {
    await tryConnect(pg, url);
    return;
  } catch (error) {
    if (pgCode(error) !== '3D000') throw connectionProblem(error, target);
  }
  const maintenance = new URL(parsed);
  maintenance.pathname = '/postgres';
  try {
    await tryConnect(pg, maintenance.toString(), `create database ${quoteIdentifier(target.name)}`);
    console.log(`Created the PostgreSQL database "${target.name}" on ${target.where}.`);
  } catch (error) {
    // Created meanwhile by another process starting at the same time: fine.
    if (pgCode(error) === '42P04') return;
    throw new ConfigError(
      `The database "${target.name}" named in DATABASE_URL does not exist on ${target.where} and the role "${target.user}" may not create it: create it with \`createdb -h ${target.host} -p ${target.port} -U <a role that may> -O ${target.user} ${target.name}\`, then start again.`,
    );
  }
}

async function tryConnect(
  pg: typeof import('pg').default,
  url: string,
  statement = 'select 1',
): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}

const pgCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

function connectionProblem(error: unknown, target: ReturnType<typeof describeTarget>): ConfigError {
  const code = pgCode(error);
  const where = `the PostgreSQL server in DATABASE_URL (${target.where})`;
  switch (code) {
    case 'ECONNREFUSED':
      return new ConfigError(
        `Cannot connect to ${where}: it refused the connection; start PostgreSQL or correct DATABASE_URL.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigError(`Cannot connect to ${where}: the host "${target.host}" is unknown.`);
    case 'ETIMEDOUT':
      return new ConfigError(`Cannot connect to ${where}: it did not answer in time.`);
    case '28P01':
    case '28000':
      return new ConfigError(
        `${where} refused the login of role "${target.user}": check the user and password in DATABASE_URL.`,
      );
    default: {
      const reason = error instanceof Error ? error.message.replace(/\s+/g, ' ') : String(error);
      return new ConfigError(`Cannot use ${where}: ${reason || code || 'unknown error'}.`);
    }
  }
}
