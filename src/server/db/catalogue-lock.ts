import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * One turn for whatever rewrites the catalogue's derived rows: the heat run's write, an admin's project or sector
 * edit, an import, an accepted correction, and the sector recount after each. Each of them locks rows of several
 * tables (projects, project_scores through its triggers, heat_history through its foreign key, sectors), and not in
 * one order, so two at once on PostgreSQL deadlocked (the loser answered 500). Take it first in the transaction;
 * it is held until that transaction ends and may be taken again inside it. Key class 727017 (the job locks use 727002).
 */
export async function lockCatalogueWrites(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727017, hashtext('catalogue-writes'))`);
}
