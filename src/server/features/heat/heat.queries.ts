import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { type HistoryBreakdown, heatHistory, projects, sectors } from '../../db/schema/index.ts';

// Writes are set-based: one statement per batch reads its rows from a single JSON parameter (json_to_recordset),
// which both drivers pass as one text value — no per-row round trips and no 65,535-parameter limit.

/**
 * The heat inputs of a page of projects (keyset by id), plus what the last run wrote (to skip unchanged rows).
 * The page travels as one JSON array of arrays: on PGlite this reads ~3× faster than row-by-row decoding.
 * Column order is PROJECT_INPUT_COLUMNS.
 */
export function selectProjectInputsPage(db: Db, afterId: string, limit: number): Promise<ProjectInputsRow[]> {
  return selectInputs(db, sql`id > ${afterId}`, limit);
}

/** The heat inputs of one project (the preview before its first recompute). */
export async function selectProjectInputs(db: Db, id: string): Promise<ProjectInputsRow | undefined> {
  return (await selectInputs(db, sql`id = ${id}`, 1))[0];
}

async function selectInputs(db: Db, where: SQL, limit: number): Promise<ProjectInputsRow[]> {
  const rows = await queryRows<{ page: string | null }>(
    db,
    sql`
      SELECT json_agg(json_build_array(
        id, category,
        followers_twitter, mentions_7d, engagement_avg, followers_telegram, followers_discord,
        market_cap, volume_24h, price_change_24h, price_change_7d,
        dev_commits, dev_stars, dev_forks, dev_contributors, dev_code_frequency,
        news_mentions, google_trends, reddit_mentions,
        (extract(epoch FROM listed_at) * 1000)::float8, is_verified,
        heat_score, social_score, status, heat_model, heat_breakdown->>'hash'
      ) ORDER BY id)::text AS page
      FROM (
        SELECT id, category, followers_twitter, mentions_7d, engagement_avg, followers_telegram, followers_discord,
          market_cap, volume_24h, price_change_24h, price_change_7d, dev_commits, dev_stars, dev_forks,
          dev_contributors, dev_code_frequency, news_mentions, google_trends, reddit_mentions, listed_at, is_verified,
          heat_score, social_score, status, heat_model, heat_breakdown
        FROM projects WHERE ${where} ORDER BY id LIMIT ${limit}
      ) AS p
    `,
  );
  const page = rows[0]?.page;
  return page ? (JSON.parse(page) as ProjectInputsRow[]) : [];
}

/** One project's inputs as selected by {@link selectProjectInputsPage} (counts may be null; listedAt in epoch ms). */
export type ProjectInputsRow = [
  id: string,
  category: string,
  followersTwitter: number | null,
  mentions7d: number | null,
  engagementAvg: number | null,
  followersTelegram: number | null,
  followersDiscord: number | null,
  marketCap: number | null,
  volume24h: number | null,
  priceChange24h: number | null,
  priceChange7d: number | null,
  devCommits: number | null,
  devStars: number | null,
  devForks: number | null,
  devContributors: number | null,
  devCodeFrequency: number | null,
  newsMentions: number | null,
  googleTrends: number | null,
  redditMentions: number | null,
  listedAtMs: number | null,
  isVerified: boolean,
  heatScore: number,
  socialScore: number,
  status: string,
  heatModel: string | null,
  inputsHash: string | null,
];

export async function countProjects(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects);
  return row?.n ?? 0;
}

export function selectSectorNames(db: Db) {
  return db.select({ id: sectors.id, name: sectors.name }).from(sectors).orderBy(asc(sectors.id));
}

/**
 * The time of the newest run of `entityType` rows in [oldest, latest]: every row of one run shares its computed_at,
 * so this names one run. Runs younger than 48 h are never compacted, so they are still 'run' rows
 * (heat_history_tier_time_idx).
 */
export async function selectRunTimeBetween(
  db: Db,
  entityType: 'project' | 'sector',
  oldest: Date,
  latest: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: heatHistory.computedAt })
    .from(heatHistory)
    .where(
      and(
        eq(heatHistory.granularity, 'run'),
        eq(heatHistory.entityType, entityType),
        gte(heatHistory.computedAt, oldest),
        lte(heatHistory.computedAt, latest),
      ),
    )
    .orderBy(desc(heatHistory.computedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Scores of every `entityType` row written by the run at `at`. */
export function selectRunScores(db: Db, entityType: 'project' | 'sector', at: Date) {
  return db
    .select({ entityId: heatHistory.entityId, score: heatHistory.score, signalScore: heatHistory.signalScore })
    .from(heatHistory)
    .where(
      and(eq(heatHistory.granularity, 'run'), eq(heatHistory.computedAt, at), eq(heatHistory.entityType, entityType)),
    );
}

export type ProjectHeatUpdate = {
  id: string;
  heat: number;
  social: number;
  status: string;
  breakdown: unknown;
};

/** Writes new heat, social score, status and breakdown to a batch of projects in one UPDATE … FROM. */
export async function updateProjectHeat(db: Db, rows: ProjectHeatUpdate[], model: string, at: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE projects AS p SET
      heat_score = v.heat,
      social_score = v.social,
      status = v.status,
      heat_model = ${model},
      heat_breakdown = v.breakdown,
      heat_computed_at = ${at.toISOString()}::timestamptz
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS v(id text, heat float8, social float8, status text, breakdown jsonb)
    WHERE p.id = v.id
  `);
}

/**
 * One history row per project for this run, copied inside the database from what the run left in `projects` (the
 * changed rows were just rewritten; unchanged rows already hold the same result): nothing crosses the wire.
 */
export async function insertProjectHistoryFromProjects(db: Db, model: string, at: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
      WITH inserted AS (
        INSERT INTO heat_history
          (entity_type, entity_id, computed_at, score, social_score, signal_score, contributions, model)
        SELECT 'project', id, ${at.toISOString()}::timestamptz, heat_score, social_score,
          (heat_breakdown->>'signal')::float8,
          translate((heat_breakdown->'contributions')::text, '[]', '{}')::real[],
          ${model}
        FROM projects
        WHERE heat_model = ${model} AND heat_breakdown->'contributions' IS NOT NULL
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM inserted
    `,
  );
  return rows[0]?.n ?? 0;
}

export type HistoryInsert = {
  id: string;
  score: number;
  social: number | null;
  signal: number | null;
  breakdown: HistoryBreakdown;
};

/** Inserts one run's sector history rows in one INSERT … SELECT. */
export async function insertSectorHistory(db: Db, rows: HistoryInsert[], model: string, at: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO heat_history (entity_type, entity_id, computed_at, score, social_score, breakdown, model)
    SELECT 'sector', v.id, ${at.toISOString()}::timestamptz, v.score, v.social, v.breakdown, ${model}
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id text, score float8, social float8, breakdown jsonb)
  `);
}

export type SectorHeatUpdate = {
  id: string;
  heat: number;
  social: number | null;
  change24h: number | null;
  trend: string | null;
  breadth: number | null;
  concentration: number | null;
  breakdown: unknown;
};

/** Writes every sector's heat, 24 h change, trend, breadth and concentration in one UPDATE … FROM. */
export async function updateSectorHeat(db: Db, rows: SectorHeatUpdate[], model: string, at: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE sectors AS s SET
      heat_score = v.heat,
      social_score = v.social,
      change_24h = v.change24h,
      trend = v.trend,
      breadth = v.breadth,
      concentration = v.concentration,
      heat_model = ${model},
      heat_breakdown = v.breakdown,
      heat_computed_at = ${at.toISOString()}::timestamptz,
      updated_at = ${at.toISOString()}::timestamptz
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS v(id text, heat float8, social float8, change24h float8, trend text, breadth float8,
           concentration float8, breakdown jsonb)
    WHERE s.id = v.id
  `);
}
