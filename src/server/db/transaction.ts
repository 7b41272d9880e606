import type { Db } from './client.ts';

/**
 * Runs `fn` in one transaction and hands it the transaction as a Db, so queries written as `(db: Db, …)` run inside
 * it unchanged. Drizzle types a transaction apart from its database (a PgTransaction lacks `$client` and `batch`, which
 * no query here uses), hence the one cast, kept here instead of at every caller.
 */
export function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
