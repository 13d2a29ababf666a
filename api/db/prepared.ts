import type { Db } from './client';

/**
 * A query prepared once per database and kept: PostgreSQL parses and plans it once per
 * connection (node-postgres sends it by name), instead of on every request. `build` makes the
 * query with `sql.placeholder(...)` for its parameters and ends in `.prepare(name)`; the name must
 * be unique in the process. Databases are weakly held, so a closed one (tests open many) is freed.
 */
export function preparedQuery<Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const byDb = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
