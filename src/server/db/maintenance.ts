import { sql } from 'drizzle-orm';
import type { Db, DbKind } from './client.ts';

const TABLES = new Set(['projects', 'project_scores', 'sectors', 'heat_history', 'project_signals', 'alerts', 'users']);

/**
 * Keeps planner statistics and the visibility map current after a bulk write. PGlite runs Postgres in single-user
 * mode without autovacuum: measured at 100k projects, count(*) took 151 ms before VACUUM ANALYZE and 28 ms after, a
 * category count 58 → 7 ms. PostgreSQL's autovacuum handles dead rows, but fresh statistics right after a bulk load
 * still help the planner, so it gets ANALYZE.
 */
export async function refreshTableStatistics(db: Db, kind: DbKind, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (!TABLES.has(table)) throw new Error(`refreshTableStatistics: unknown table ${table}`);
    await db.execute(kind === 'pglite' ? sql.raw(`VACUUM (ANALYZE) ${table}`) : sql.raw(`ANALYZE ${table}`));
  }
}
