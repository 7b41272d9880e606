import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** Deletes projects whose name is empty once trimmed (their scores, history and links go by ON DELETE CASCADE). */
export async function deleteUnnamedProjects(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM projects WHERE btrim(name, E' \t\r\n\u00a0\u3000') = '' RETURNING id`,
  );
  return rows.map((r) => r.id);
}

/** Each sector's stored project count, by id. */
export async function selectSectorCounts(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; n: number }>(db, sql`SELECT id, project_count AS n FROM sectors`);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * VACUUM (ANALYZE), which no transaction may wrap: each statement goes alone to the driver (a pooled connection on
 * PostgreSQL, the single session on PGlite). PostgreSQL vacuums the whole database; PGlite, without autovacuum, too.
 * Returns the number of tables of schema public.
 */
export async function vacuumAnalyze(db: Db): Promise<number> {
  await db.execute(sql.raw('VACUUM (ANALYZE)'));
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  );
  return rows[0]?.n ?? 0;
}
