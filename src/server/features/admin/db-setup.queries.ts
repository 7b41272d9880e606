import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** Above this many rows (by pg_class.reltuples) a table's count is the planner's estimate, not count(*). */
export const EXACT_COUNT_LIMIT = 100_000;

/** Creation times (drizzle's `created_at`, the journal's `when`) of the applied migrations, oldest first. */
export async function selectAppliedMigrationTimes(db: Db): Promise<number[]> {
  const rows = await queryRows<{ created_at: string }>(
    db,
    sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  return rows.map((r) => Number(r.created_at));
}

/** Rows per table of schema public: count(*) up to EXACT_COUNT_LIMIT (or never analysed), reltuples above it. */
export async function selectTableRowCounts(db: Db) {
  const tables = await queryRows<{ table: string; estimate: number }>(
    db,
    sql`SELECT c.relname AS "table", c.reltuples::float8 AS estimate
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const result: { table: string; rows: number; estimated: boolean }[] = [];
  for (const { table, estimate } of tables) {
    if (estimate > EXACT_COUNT_LIMIT) {
      result.push({ table, rows: Math.round(estimate), estimated: true });
      continue;
    }
    // Names come from the catalogue, quoted as identifiers.
    const counted = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
    result.push({ table, rows: counted[0]?.n ?? 0, estimated: false });
  }
  return result;
}

/** pg_database_size of the connected database, in bytes. */
export async function selectDatabaseSize(db: Db): Promise<number> {
  const rows = await queryRows<{ bytes: string }>(db, sql`SELECT pg_database_size(current_database())::text AS bytes`);
  return Number(rows[0]?.bytes ?? 0);
}
