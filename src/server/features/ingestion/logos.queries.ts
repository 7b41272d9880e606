import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projectLogos, projects } from '../../db/schema/index.ts';

/**
 * Projects whose logo needs a download: a source address (`projects.logo_url`, from DefiLlama or CoinGecko) never
 * tried, or one whose last try failed before `retryBefore`. Oldest attempts first, never-tried first of all.
 */
export function selectLogoTargets(db: Db, retryBefore: Date, limit: number) {
  return queryRows<{ id: string; url: string }>(
    db,
    sql`SELECT p.id, p.logo_url AS url
        FROM ${projects} p LEFT JOIN ${projectLogos} l ON l.project_id = p.id
        WHERE p.logo_url ~* '^https?://' AND NOT p.is_synthetic
          AND (l.project_id IS NULL OR l.source_url <> p.logo_url
               OR (l.error IS NOT NULL AND l.fetched_at < ${retryBefore.toISOString()}::timestamptz))
        ORDER BY l.fetched_at ASC NULLS FIRST, p.id
        LIMIT ${limit}`,
  );
}

/** Stores a downloaded logo and points the project at it (one transaction-free pair: the logo row comes first). */
export async function storeLogo(
  db: Db,
  row: { projectId: string; sourceUrl: string; contentType: string; bytes: Buffer; etag: string; fetchedAt: Date },
) {
  const values = { ...row, byteSize: row.bytes.byteLength, error: null };
  await db.insert(projectLogos).values(values).onConflictDoUpdate({ target: projectLogos.projectId, set: values });
  await db.execute(sql`UPDATE projects SET logo_etag = ${row.etag} WHERE id = ${row.projectId}
                       AND logo_etag IS DISTINCT FROM ${row.etag}`);
}

/** Records a failed try; a logo stored before stays stored and served (the last good value is kept). */
export async function recordLogoFailure(
  db: Db,
  row: { projectId: string; sourceUrl: string; error: string; fetchedAt: Date },
) {
  await db
    .insert(projectLogos)
    .values(row)
    .onConflictDoUpdate({
      target: projectLogos.projectId,
      set: { sourceUrl: row.sourceUrl, error: row.error, fetchedAt: row.fetchedAt },
    });
}

/** Fills a missing source address (e.g. CoinGecko's `image`); a curated or DefiLlama address is never replaced. */
export async function fillMissingLogoUrls(db: Db, rows: { id: string; url: string }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await queryRows<{ id: string }>(
    db,
    sql`UPDATE projects AS p SET logo_url = v.url
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id text, url text)
        WHERE p.id = v.id AND p.logo_url IS NULL
        RETURNING p.id`,
  );
  return result.length;
}
