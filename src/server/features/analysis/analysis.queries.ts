import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { countsSince, effectiveAt, projectRowAt, projectRowsAt } from '../../db/history-at.ts';

// Reads of the deterministic analytics. Everything market-wide is bounded: one run's rows joined by primary key, the
// top/bottom N by change, and 30-day windows only for a few hundred candidate projects (docs/analysis.md).

/** A list of ids as one JSON parameter (`IN (SELECT json_array_elements_text(…))`), the same on both drivers. */
const idList = (ids: readonly string[]) => sql`(SELECT json_array_elements_text(${JSON.stringify(ids)}::json))`;

export type RunRef = { at: string; atMs: number; granularity: string };

/**
 * The newest history timestamp at or before `before` (any entity, any tier), or the newest of all: a run's rows share
 * its computed_at. Three backward walks of the tier indexes (heat_runs for runs), never a scan.
 */
export async function selectRunAtOrBefore(db: Db, before?: Date): Promise<RunRef | null> {
  const bound = before ? sql`AND computed_at <= ${before.toISOString()}::timestamptz` : sql``;
  // The run tier from heat_runs: a run that moved no project writes no project row (db/history-at.ts).
  const tier = (g: string) =>
    sql`(SELECT computed_at, ${g}::text AS granularity FROM ${sql.raw(g === 'run' ? 'heat_runs' : 'heat_history')}
         WHERE granularity = ${g} ${bound} ORDER BY computed_at DESC LIMIT 1)`;
  const [row] = await queryRows<{ at: string; at_ms: number; granularity: string }>(
    db,
    sql`SELECT computed_at::text AS at, (extract(epoch FROM computed_at) * 1000)::float8 AS at_ms, granularity
        FROM (${tier('run')} UNION ALL ${tier('hour')} UNION ALL ${tier('day')}) AS t
        ORDER BY computed_at DESC LIMIT 1`,
  );
  return row ? { at: row.at, atMs: row.at_ms, granularity: row.granularity } : null;
}

/** The first stored heat run (any granularity), or null before the first run. */
export async function selectFirstRunAt(db: Db): Promise<number | null> {
  const tier = (g: string) =>
    sql`(SELECT computed_at FROM ${sql.raw(g === 'run' ? 'heat_runs' : 'heat_history')} WHERE granularity = ${g}
         ORDER BY computed_at ASC LIMIT 1)`;
  const [row] = await queryRows<{ at_ms: number }>(
    db,
    sql`SELECT (extract(epoch FROM computed_at) * 1000)::float8 AS at_ms
        FROM (${tier('run')} UNION ALL ${tier('hour')} UNION ALL ${tier('day')}) AS t
        ORDER BY computed_at ASC LIMIT 1`,
  );
  return row ? row.at_ms : null;
}

export type MoverRow = {
  id: string;
  name: string;
  now_score: number;
  before_score: number;
  now_c: number[] | null;
  before_c: number[] | null;
  change: number;
  side: 'up' | 'down';
};

/**
 * One sector's members' heat change between two runs (from project_scores_category_heat_idx, each history row by
 * primary key: a sector is a small share of the catalogue): the `limit` largest rises and the `limit` largest falls.
 */
export function selectRunMovers(db: Db, latest: RunRef, before: RunRef, limit: number, category: string) {
  const side = (order: 'DESC' | 'ASC') => sql`
    (SELECT d.*, p.name, ${order === 'DESC' ? 'up' : 'down'}::text AS side FROM (SELECT * FROM d ORDER BY change ${sql.raw(order)}, id LIMIT ${limit}) AS d
     JOIN projects p ON p.id = d.id)`;
  return queryRows<MoverRow>(
    db,
    sql`
      WITH d AS (
        SELECT h.entity_id AS id, h.score AS now_score, b.score AS before_score, h.contributions AS now_c,
          b.contributions AS before_c, h.score - b.score AS change
        FROM project_scores ps
        CROSS JOIN LATERAL ${rowOfRun(sql`ps.project_id`, latest)} AS h
        CROSS JOIN LATERAL ${rowOfRun(sql`ps.project_id`, before)} AS b
        WHERE ps.category = ${category} AND h.score IS NOT NULL AND b.score IS NOT NULL
      )
      SELECT * FROM ${side('DESC')} AS up UNION ALL SELECT * FROM ${side('ASC')} AS down
    `,
  );
}

/**
 * A project's row at a run (by primary key): carried to it for a run-tier run (db/history-at.ts), the row at that
 * time for a compacted one.
 */
function rowOfRun(id: SQL, run: RunRef): SQL {
  const at = sql`${run.at}::timestamptz`;
  if (run.granularity === 'run') return projectRowAt(id, at, sql`entity_id, computed_at, score, contributions`);
  return sql`(SELECT entity_id, computed_at, score, contributions FROM heat_history
    WHERE entity_type = 'project' AND entity_id = ${id} AND computed_at = ${at})`;
}

/** Every project's row at a run: carried to it for a run-tier run, else the rows of that tier at that time. */
function rowsOfRun(run: RunRef): SQL {
  if (run.granularity === 'run') return projectRowsAt(run.at);
  return sql`(SELECT entity_id, computed_at, score, contributions FROM heat_history
    WHERE granularity = ${run.granularity} AND computed_at = ${run.at}::timestamptz AND entity_type = 'project')`;
}

/**
 * The whole market's movers over both windows in one pass: the latest run's rows read once, hash-joined with the runs
 * 24 h and 7 d before it (each read through heat_history_tier_time_idx), the `limit` largest rises and falls per window
 * kept; contributions and names are read only for those. (Measured at 100,000 projects on PGlite: per-row
 * primary-key lookups took 2.3 s for one window, the hash join about 1 s.)
 */
export function selectMarketMovers(
  db: Db,
  latest: RunRef,
  befores: { window: 'day' | 'week'; run: RunRef }[],
  limit: number,
) {
  // Two windows on one run: its rows count for the first only (as a CASE over the run's time picked before).
  const windows = befores.filter((b, i) => befores.findIndex((o) => o.run.at === b.run.at) === i);
  if (windows.length === 0) return Promise.resolve([] as (MoverRow & { window: 'day' | 'week' })[]);
  const picks = windows.flatMap((b) =>
    (['DESC', 'ASC'] as const).map(
      (order) => sql`(SELECT id, win, ${order === 'DESC' ? 'up' : 'down'}::text AS side FROM d WHERE win = ${b.window}
        ORDER BY change ${sql.raw(order)}, id LIMIT ${limit})`,
    ),
  );
  // Each run's rows carry their own time (a project's row carried to a run may be older): the picks are read back
  // by primary key at those times.
  return queryRows<MoverRow & { window: 'day' | 'week' }>(
    db,
    sql`
      WITH n AS MATERIALIZED (
        SELECT entity_id, computed_at, score FROM ${rowsOfRun(latest)} AS n
      ), b AS MATERIALIZED (
        ${sql.join(
          windows.map(
            (w) => sql`SELECT entity_id, computed_at, score, ${w.window}::text AS win FROM ${rowsOfRun(w.run)} AS b`,
          ),
          sql` UNION ALL `,
        )}
      ), d AS MATERIALIZED (
        SELECT n.entity_id AS id, b.win, n.computed_at AS now_at, b.computed_at AS before_at, n.score - b.score AS change
        FROM n JOIN b USING (entity_id)
      ), picked AS (${sql.join(picks, sql` UNION ALL `)})
      SELECT k.id, p.name, k.win AS window, k.side, h.score AS now_score, hb.score AS before_score,
        h.contributions AS now_c, hb.contributions AS before_c, h.score - hb.score AS change
      FROM picked k
      JOIN d ON d.id = k.id AND d.win = k.win
      JOIN projects p ON p.id = k.id
      JOIN heat_history h ON h.entity_type = 'project' AND h.entity_id = k.id AND h.computed_at = d.now_at
      JOIN heat_history hb ON hb.entity_type = 'project' AND hb.entity_id = k.id AND hb.computed_at = d.before_at
      ORDER BY k.win, k.side, CASE WHEN k.side = 'up' THEN -(h.score - hb.score) ELSE h.score - hb.score END, k.id
    `,
  );
}

export type SectorScoreRow = { sector_id: string; name: string; score: number };

/** Every sector's heat stored by one run. */
export function selectRunSectorScores(db: Db, run: RunRef) {
  return queryRows<SectorScoreRow>(
    db,
    sql`SELECT h.entity_id AS sector_id, s.name, h.score FROM heat_history h JOIN sectors s ON s.id = h.entity_id
        WHERE h.granularity = ${run.granularity} AND h.computed_at = ${run.at}::timestamptz
          AND h.entity_type = 'sector'
        ORDER BY h.entity_id`,
  );
}

export type StatsRow = {
  id: string;
  signal: string;
  n: number;
  mean: number;
  sd: number;
  value: number;
  at_ms: number;
  source: string;
};

/**
 * Heat's 30-day window statistics per entity: the last stored heat of each UTC day since `since`, its mean and
 * population standard deviation, and the latest day's value (the z-score's inputs; computed in SQL).
 */
export function selectHeatWindowStats(db: Db, entityType: 'project' | 'sector', ids: readonly string[], since: Date) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<StatsRow>(
    db,
    sql`
      SELECT id, 'heat' AS signal, count(*)::int AS n, avg(score)::float8 AS mean, stddev_pop(score)::float8 AS sd,
        (array_agg(score ORDER BY at DESC))[1]::float8 AS value,
        (extract(epoch FROM max(at)) * 1000)::float8 AS at_ms, 'heatrank' AS source
      FROM (
        -- A project's run row stands for the runs it was carried to (db/history-at.ts): the day's last of those.
        SELECT id, day, ${effectiveAt('l')} AS at, score FROM (
          SELECT DISTINCT ON (entity_id, day) entity_id AS id, day, entity_type, entity_id, computed_at, granularity,
            score FROM (
            SELECT h.entity_type, h.entity_id, (h.computed_at AT TIME ZONE 'UTC')::date AS day, h.computed_at,
              h.granularity, h.score FROM heat_history h
            WHERE h.entity_type = ${entityType} AND h.entity_id IN ${idList(ids)} AND h.score IS NOT NULL
              AND ${countsSince('h', since)}
          ) AS h
          ORDER BY entity_id, day, computed_at DESC
        ) AS l
      ) AS daily
      GROUP BY id
    `,
  );
}

/** The same statistics for the attention signals of daily_signals (one value per day already). */
export function selectSignalWindowStats(db: Db, ids: readonly string[], signals: readonly string[], since: Date) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<StatsRow>(
    db,
    sql`
      SELECT project_id AS id, signal, count(*)::int AS n, avg(value)::float8 AS mean,
        stddev_pop(value)::float8 AS sd, (array_agg(value ORDER BY day DESC))[1]::float8 AS value,
        (extract(epoch FROM max(day)::timestamp AT TIME ZONE 'UTC') * 1000)::float8 AS at_ms,
        (array_agg(source ORDER BY day DESC))[1] AS source
      FROM daily_signals
      WHERE project_id IN ${idList(ids)} AND signal IN ${idList(signals)}
        AND day >= ${since.toISOString().slice(0, 10)}::date
      GROUP BY project_id, signal
    `,
  );
}

/** The `limit` hottest projects (optionally of one sector): anomaly candidates besides the movers. */
export async function selectHottestIds(db: Db, limit: number, category?: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT project_id AS id FROM project_scores ${category ? sql`WHERE category = ${category}` : sql``}
        ORDER BY heat_score DESC NULLS LAST, project_id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

export async function selectNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM projects WHERE id IN ${idList(ids)}`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One project's columns the risk flags and the similarity read; undefined for an unknown id. */
export async function selectProjectProfile(db: Db, id: string) {
  const [row] = await queryRows<ProfileRow>(db, sql`${PROFILE_SELECT} WHERE p.id = ${id} LIMIT 1`);
  return row;
}

/**
 * Similarity candidates: projects sharing the sector, a chain or a tag with the target, hottest first, at most
 * `limit` (the similarity itself is computed in JS over these few hundred rows).
 */
export function selectSimilarCandidates(db: Db, target: ProfileRow, limit: number) {
  const arr = (values: readonly string[]) => sql`ARRAY${idList(values)}`;
  return queryRows<ProfileRow>(
    db,
    sql`${PROFILE_SELECT}
        WHERE p.id <> ${target.id}
          AND (p.category = ${target.category} OR p.chains && ${arr(target.chains)} OR p.tags && ${arr(target.tags)})
        ORDER BY s.heat_score DESC NULLS LAST, p.id LIMIT ${limit}`,
  );
}

/** A sector's `limit` hottest members' profiles (their risk flags). */
export function selectSectorMemberProfiles(db: Db, category: string, limit: number) {
  return queryRows<ProfileRow>(
    db,
    sql`${PROFILE_SELECT} WHERE s.category = ${category} ORDER BY s.heat_score DESC NULLS LAST, p.id LIMIT ${limit}`,
  );
}

export type ProfileRow = {
  id: string;
  name: string;
  category: string;
  chains: string[];
  tags: string[];
  heat: number | null;
  market_cap: number | null;
  volume_24h: number | null;
  tvl: number | null;
  followers_twitter: number | null;
  dev_stars: number | null;
  dev_commits: number | null;
  news_mentions: number | null;
  reddit_mentions: number | null;
  reddit_authors: number | null;
  listed_at_ms: number | null;
  metric_sources: Record<string, { source: string; asOf: string; sample?: boolean; stale?: boolean } | undefined>;
};

// Counts are bigint columns: cast to float8 so both drivers answer numbers.
const PROFILE_SELECT = sql`
  SELECT p.id, p.name, p.category, p.chains, p.tags, s.heat_score AS heat, p.market_cap, p.volume_24h, p.tvl,
    p.followers_twitter::float8 AS followers_twitter, p.dev_stars::float8 AS dev_stars,
    p.dev_commits::float8 AS dev_commits, p.news_mentions::float8 AS news_mentions,
    p.reddit_mentions::float8 AS reddit_mentions, p.reddit_authors::float8 AS reddit_authors,
    (extract(epoch FROM p.listed_at) * 1000)::float8 AS listed_at_ms, p.metric_sources
  FROM projects p JOIN project_scores s ON s.project_id = p.id`;

/** A sector by id (any case, as GET /api/sectors/:id accepts it). */
export async function selectSector(db: Db, id: string) {
  const [row] = await queryRows<{ id: string; name: string; heat: number | null }>(
    db,
    sql`SELECT id, name, heat_score AS heat FROM sectors WHERE lower(id) = lower(${id}) LIMIT 1`,
  );
  return row;
}

/** The newest stored heat of an entity (the `to` of its moves), or undefined without history. */
export async function selectLatestHistoryScore(db: Db, entityType: 'project' | 'sector', id: string) {
  const [row] = await queryRows<{ score: number }>(
    db,
    sql`SELECT score FROM heat_history WHERE entity_type = ${entityType} AND entity_id = ${id} AND score IS NOT NULL
        ORDER BY computed_at DESC LIMIT 1`,
  );
  return row?.score;
}
