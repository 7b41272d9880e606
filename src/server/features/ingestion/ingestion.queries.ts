import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projectSignals, projects, sourceCategories } from '../../db/schema/index.ts';
import { METRIC_COLUMNS, type MetricField, type MetricUpdate } from './metric-fields.ts';

const BATCH = 500; // rows per set-based statement

/**
 * Writes metric values and their provenance in one UPDATE per batch (jsonb_to_recordset join): each non-null value
 * replaces the column and sets `metric_sources[field] = { source, asOf }` (clearing a stale flag); null values leave
 * both untouched. Returns the number of projects updated.
 */
export async function updateProjectMetrics(db: Db, source: string, asOf: Date, rows: MetricUpdate[]): Promise<number> {
  const fields = Object.keys(METRIC_COLUMNS) as MetricField[];
  const payload = rows
    .map((row) => {
      const sources: Record<string, { source: string; asOf: string }> = {};
      const values: Record<string, number> = {};
      for (const [field, value] of Object.entries(row.values)) {
        if (typeof value === 'number' && Number.isFinite(value)) {
          values[field] = value;
          sources[field] = { source, asOf: asOf.toISOString() };
        }
      }
      return { id: row.id, values, sources };
    })
    .filter((row) => Object.keys(row.sources).length > 0);
  let updated = 0;
  for (let i = 0; i < payload.length; i += BATCH) {
    const batch = payload.slice(i, i + BATCH);
    // Counts (bigint columns) are rounded; doubles keep their precision. A missing key leaves the column as is.
    const assignments = sql.join(
      fields.map((field) => {
        const column = sql.identifier(METRIC_COLUMNS[field].column);
        const value = METRIC_COLUMNS[field].count
          ? sql`round((v.values->>${field})::numeric)::bigint`
          : sql`(v.values->>${field})::double precision`;
        return sql`${column} = COALESCE(${value}, p.${column})`;
      }),
      sql`, `,
    );
    const result = await queryRows<{ id: string }>(
      db,
      sql`UPDATE projects AS p SET ${assignments},
            metric_sources = p.metric_sources || v.sources,
            updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id text, "values" jsonb, sources jsonb)
          WHERE p.id = v.id
          RETURNING p.id`,
    );
    updated += result.length;
  }
  return updated;
}

/**
 * Marks the given fields stale (`metric_sources[field].stale = true`) without touching any value: the last known
 * number stays, with its age. Only entries written by `source` are flagged (a catalogue sample stays a sample).
 * `ids` undefined → every project. Returns the number of projects touched.
 */
export async function markMetricsStale(
  db: Db,
  source: string,
  fields: readonly MetricField[],
  ids?: readonly string[],
): Promise<number> {
  if (fields.length === 0 || ids?.length === 0) return 0;
  const textArray = (values: readonly string[]) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const fieldArray = textArray(fields);
  const idFilter = ids ? sql`AND p.id = ANY(${textArray(ids)})` : sql``;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE projects AS p SET metric_sources = p.metric_sources || COALESCE((
          SELECT jsonb_object_agg(k, (p.metric_sources->k) || '{"stale": true}'::jsonb)
          FROM unnest(${fieldArray}) AS k WHERE p.metric_sources->k->>'source' = ${source}), '{}'::jsonb)
        WHERE EXISTS (SELECT 1 FROM unnest(${fieldArray}) AS k WHERE p.metric_sources->k->>'source' = ${source})
          ${idFilter}
        RETURNING p.id`,
  );
  return rows.length;
}

/** Identity columns used to match discovered protocols to existing projects (never duplicate). */
export function selectProjectIdentities(db: Db) {
  return db
    .select({
      id: projects.id,
      defillamaId: projects.defillamaId,
      coingeckoId: projects.coingeckoId,
      websiteUrl: projects.websiteUrl,
    })
    .from(projects);
}

/** Projects with a CoinGecko id, for market refresh (largest market cap first, unknown last). */
export function selectCoingeckoTargets(db: Db, limit?: number) {
  const query = db
    .select({ id: projects.id, coingeckoId: projects.coingeckoId })
    .from(projects)
    .where(isNotNull(projects.coingeckoId))
    .orderBy(sql`${projects.marketCap} DESC NULLS LAST`, projects.id);
  return limit ? query.limit(limit) : query;
}

/**
 * Projects with GitHub orgs that are due (never fetched, or last fetched before `dueBefore`), least recently refreshed
 * first: a run cut short by the rate limit resumes where it stopped, and a second daily trigger finds nothing due.
 */
export function selectGithubTargets(db: Db, dueBefore: Date, limit?: number) {
  const asOf = sql`${projects.metricSources}->'devStars'->>'asOf'`;
  const query = db
    .select({ id: projects.id, githubOrgs: projects.githubOrgs })
    .from(projects)
    .where(
      and(
        sql`cardinality(${projects.githubOrgs}) > 0`,
        or(sql`${asOf} IS NULL`, sql`(${asOf})::timestamptz < ${dueBefore.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(sql`${asOf} ASC NULLS FIRST`, projects.id);
  return limit ? query.limit(limit) : query;
}

/**
 * Projects due for a social refresh on `field`'s source: never fetched, or last fetched before `dueBefore`; oldest
 * first, so a run takes the most overdue slice and the whole universe is spread across the week.
 */
export function selectSocialTargets(db: Db, field: MetricField, dueBefore: Date, limit: number) {
  const asOf = sql`${projects.metricSources}->${field}->>'asOf'`;
  const column =
    field === 'followersTelegram'
      ? projects.telegramUrl
      : field === 'followersDiscord'
        ? projects.discordUrl
        : projects.twitterHandle;
  return db
    .select({ id: projects.id, handle: column })
    .from(projects)
    .where(
      and(
        isNotNull(column),
        or(sql`${asOf} IS NULL`, sql`(${asOf})::timestamptz < ${dueBefore.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(sql`${asOf} ASC NULLS FIRST`, projects.id)
    .limit(limit);
}

export async function countSocialCandidates(db: Db, field: MetricField): Promise<number> {
  const column =
    field === 'followersTelegram'
      ? projects.telegramUrl
      : field === 'followersDiscord'
        ? projects.discordUrl
        : projects.twitterHandle;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(isNotNull(column));
  return row?.n ?? 0;
}

/** Replaces one signal for a source: rows not in `values` are deleted (e.g. projects that left the trending list). */
export async function replaceSignal(
  db: Db,
  signal: string,
  source: string,
  asOf: Date,
  values: { projectId: string; value: number }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(projectSignals).where(and(eq(projectSignals.signal, signal), eq(projectSignals.source, source)));
    if (values.length > 0) {
      await tx.insert(projectSignals).values(values.map((v) => ({ ...v, signal, source, asOf })));
    }
  });
}

export function selectProjectIdsByCoingeckoIds(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: projects.id, coingeckoId: projects.coingeckoId })
    .from(projects)
    .where(inArray(projects.coingeckoId, ids));
}

/** Upserts the categories a discovery run saw with their sector mapping and project counts. */
export async function upsertSourceCategories(
  db: Db,
  rows: { source: string; category: string; sector: string; mapped: boolean; projectCount: number; seenAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sourceCategories)
    .values(rows)
    .onConflictDoUpdate({
      target: [sourceCategories.source, sourceCategories.category],
      set: {
        sector: sql`excluded.sector`,
        mapped: sql`excluded.mapped`,
        projectCount: sql`excluded.project_count`,
        seenAt: sql`excluded.seen_at`,
      },
    });
}

export function selectSourceCategories(db: Db, source: string) {
  return db
    .select({
      category: sourceCategories.category,
      sector: sourceCategories.sector,
      mapped: sourceCategories.mapped,
      projectCount: sourceCategories.projectCount,
    })
    .from(sourceCategories)
    .where(eq(sourceCategories.source, source))
    .orderBy(sourceCategories.category);
}

/** Projects with a CoinGecko id, a missing Telegram or Discord link, and no links lookup yet (signal `linksCheckedAt`). */
export function selectLinkLookupTargets(db: Db, limit: number) {
  return db
    .select({ id: projects.id, coingeckoId: projects.coingeckoId })
    .from(projects)
    .where(
      and(
        isNotNull(projects.coingeckoId),
        or(sql`${projects.telegramUrl} IS NULL`, sql`${projects.discordUrl} IS NULL`),
        sql`NOT EXISTS (SELECT 1 FROM project_signals s WHERE s.project_id = ${projects.id} AND s.signal = 'linksCheckedAt')`,
      ),
    )
    .orderBy(sql`${projects.marketCap} DESC NULLS LAST`, projects.id)
    .limit(limit);
}

/** Fills missing Telegram/Discord links (never overwrites) and records the lookup time as signal `linksCheckedAt`. */
export async function fillSocialLinks(
  db: Db,
  id: string,
  links: { telegram: string | null; discord: string | null },
  asOf: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({
        telegramUrl: sql`COALESCE(${projects.telegramUrl}, ${links.telegram})`,
        discordUrl: sql`COALESCE(${projects.discordUrl}, ${links.discord})`,
      })
      .where(eq(projects.id, id));
    await tx
      .insert(projectSignals)
      .values({ projectId: id, signal: 'linksCheckedAt', value: asOf.getTime() / 1000, source: 'coingecko', asOf })
      .onConflictDoUpdate({
        target: [projectSignals.projectId, projectSignals.signal],
        set: { value: sql`excluded.value`, asOf: sql`excluded.as_of` },
      });
  });
}
