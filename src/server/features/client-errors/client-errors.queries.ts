import { count, gte, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { clientErrors } from '../../db/schema/index.ts';

export type ClientErrorRow = typeof clientErrors.$inferInsert;

export async function insertClientError(db: Db, row: ClientErrorRow): Promise<void> {
  await db.insert(clientErrors).values(row);
}

export type ClientErrorGroupRow = {
  message: string;
  count: number;
  first_seen: Date | string;
  last_seen: Date | string;
  routes: number;
  builds: number;
  route: string;
  build_id: string | null;
  boundary: 'app' | 'route';
  stack: string | null;
};

/** Reports since `since` grouped by message, each with its latest report's details; the most recently seen first. */
export function selectClientErrorGroups(db: Db, since: Date, limit: number): Promise<ClientErrorGroupRow[]> {
  const at = sql`${since.toISOString()}::timestamptz`;
  return queryRows<ClientErrorGroupRow>(
    db,
    sql`WITH kept AS (SELECT * FROM client_errors WHERE created_at >= ${at}),
      grouped AS (
        SELECT message, count(*)::int AS count, min(created_at) AS first_seen, max(created_at) AS last_seen,
          count(DISTINCT route)::int AS routes, count(DISTINCT build_id)::int AS builds
        FROM kept GROUP BY message
      ),
      latest AS (
        SELECT DISTINCT ON (message) message, route, build_id, boundary, stack
        FROM kept ORDER BY message, created_at DESC, id DESC
      )
    SELECT g.message, g.count, g.first_seen, g.last_seen, g.routes, g.builds,
      l.route, l.build_id, l.boundary, l.stack
    FROM grouped g JOIN latest l ON l.message = g.message
    ORDER BY g.last_seen DESC, g.message
    LIMIT ${limit}`,
  );
}

export async function countClientErrorsSince(db: Db, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clientErrors).where(gte(clientErrors.createdAt, since));
  return row?.n ?? 0;
}

/** Deletes reports created before `cutoff`; returns how many. */
export async function deleteClientErrorsBefore(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(clientErrors)
    .where(lt(clientErrors.createdAt, cutoff))
    .returning({ id: clientErrors.id });
  return rows.length;
}
