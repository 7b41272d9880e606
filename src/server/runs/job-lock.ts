import { sql } from 'drizzle-orm';
import { type Db, type DbKind, queryRows } from '../db/client.ts';
import { withTransaction } from '../db/transaction.ts';

// PGlite: one process per data directory, so an in-process set of held job names is the whole lock.
const heldInProcess = new WeakMap<Db, Set<string>>();

/**
 * Runs `fn` while holding the lock of `job`: another run of the same job (another instance, or this process) gets
 * `{ locked: false }` at once instead of waiting. On PostgreSQL it is a transaction-scoped advisory lock on one pooled
 * connection, released when `fn` ends even if this process dies; so whoever holds it knows no live run of `job`
 * exists anywhere.
 */
export async function withJobLock<T>(
  db: Db,
  dbKind: DbKind,
  job: string,
  fn: () => Promise<T>,
): Promise<{ locked: false } | { locked: true; value: T }> {
  if (dbKind === 'pglite') {
    const held = heldInProcess.get(db) ?? new Set<string>();
    heldInProcess.set(db, held);
    if (held.has(job)) return { locked: false };
    held.add(job);
    try {
      return { locked: true, value: await fn() };
    } finally {
      held.delete(job);
    }
  }
  return withTransaction(db, async (tx) => {
    const rows = await queryRows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(727002, hashtext(${job})) AS ok`,
    );
    if (!rows[0]?.ok) return { locked: false as const };
    return { locked: true as const, value: await fn() };
  });
}
