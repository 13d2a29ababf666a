import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db, Listener } from '../../db/client';
import { log } from '../../lib/log';
import type { CatalogueChange } from './change';

/**
 * Catalogue changes between server processes on one PostgreSQL (DECISIONS "catalogue reads"): a
 * process that changes the catalogue NOTIFYs what it touched; every other process LISTENs and hands
 * it to its own `catalogueChanged`, so its read model follows within milliseconds. PGlite has one
 * process: nothing is registered and the in-process path is all there is.
 */
export const CATALOGUE_CHANNEL = 'evergreen_catalogue';
/** NOTIFY payloads must stay under 8000 bytes; a larger change is sent as "read everything". */
const MAX_PAYLOAD = 7_000;

interface Message {
  from: string;
  change: CatalogueChange;
}

/** Marks a change that came from another process, so it is not sent on again. */
const REMOTE = Symbol('catalogue change from another process');
type RemoteChange = CatalogueChange & { [REMOTE]?: true };

/** Whether a change came from another process (that process already acted on it). */
export const isRemoteChange = (change: CatalogueChange): boolean =>
  (change as RemoteChange)[REMOTE] === true;

const following = new Map<Db, { instance: string; listener: Listener }>();
const followers = () => following;

/**
 * Called by `catalogueChanged` for every change this process makes: tells the other processes.
 * Never throws and never waits: a lost notification is a stale answer, not a failed write.
 */
export function publishCatalogueChange(db: Db | undefined, change: CatalogueChange): void {
  if (!db || (change as RemoteChange)[REMOTE]) return;
  const follower = followers().get(db);
  if (!follower) return;
  let payload = JSON.stringify({ from: follower.instance, change } satisfies Message);
  if (payload.length > MAX_PAYLOAD) {
    payload = JSON.stringify({ from: follower.instance, change: {} } satisfies Message);
  }
  db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${payload})`).catch((error: unknown) =>
    log('error', 'catalogue change not sent to other processes', { error: String(error) }),
  );
}

/**
 * Starts following other processes' catalogue changes on this PostgreSQL database (no-op on
 * PGlite): each is handed to `apply`, this process's `catalogueChanged` (passed in, so that
 * ./change.ts, which publishes through this module, is not imported back). After a lost
 * connection the whole catalogue is read again, since changes may have been missed. Answers a
 * stop function.
 */
export async function followCatalogueChanges(
  database: Database,
  apply: (db: Db, change: CatalogueChange) => Promise<void>,
): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  const { db } = database;
  const applyRemote = (change: CatalogueChange) =>
    apply(db, { ...change, [REMOTE]: true } as RemoteChange);
  const instance = randomUUID();
  const listener = await database.listen(CATALOGUE_CHANNEL, {
    onMessage(payload) {
      let message: Message;
      try {
        message = JSON.parse(payload) as Message;
      } catch {
        return;
      }
      if (message.from === instance) return;
      void applyRemote(message.change ?? {});
    },
    onReconnect() {
      log('info', 'catalogue changes followed again; reading the whole catalogue');
      void applyRemote({});
    },
  });
  followers().set(db, { instance, listener });
  return async () => {
    followers().delete(db);
    await listener.close();
  };
}
