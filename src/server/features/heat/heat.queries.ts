import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { type BulkColumn, bulkInsert } from '../../db/bulk-insert.ts';
import { bulkSelect, bulkSelectNamed, type NamedColumns, type SelectType } from '../../db/bulk-select.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { hourStartOf, projectRowsAt } from '../../db/history-at.ts';
import { createIndexStatements, indexNames } from '../../db/index-sql.ts';
import {
  type HistoryBreakdown,
  heatHistory,
  heatRuns,
  projectScores,
  projects,
  sectors,
} from '../../db/schema/index.ts';
import { escapeLiteral, inlineParameters } from '../../db/sql-literal.ts';

// Writes are set-based: one statement per batch reads its rows from a single JSON parameter (json_to_recordset),
// which both drivers pass as one text value — no per-row round trips and no 65,535-parameter limit. A rebuild of
// project_scores loads through bulkInsert (binary COPY).

/**
 * The heat inputs of a page of projects (keyset by id), plus what the last run wrote (to skip unchanged rows), as
 * ProjectInputs. Read through binary COPY (bulkSelectNamed; on PGlite 100,000 rows in ~0.4 s).
 */
export function selectProjectInputsPage(
  db: Db,
  afterId: string,
  limit: number,
  category?: string,
): Promise<ProjectInputs[]> {
  const inCategory = category === undefined ? '' : ` AND p.category = ${escapeLiteral(category)}`;
  return selectInputs(db, `p.id > ${escapeLiteral(afterId)}${inCategory}`, limit);
}

/** The heat inputs of the given projects, by id (the incremental recompute's dirty rows). */
export function selectProjectInputsOf(db: Db, ids: readonly string[]): Promise<ProjectInputs[]> {
  // A literal array (COPY takes no parameters): `= ANY` probes the primary key once per id. An `IN (SELECT …)` over a
  // set-returning function was planned as a subplan re-run for every project (100 s for 1,000 ids at 100,000). The
  // list is given for both tables: with it on projects alone, project_scores was read whole for a hash join (1,000
  // ids at 100,000 projects on PGlite: 195 ms; probed on both sides, a merge join of two index scans: 78 ms).
  const list = `ARRAY[${ids.map((id) => escapeLiteral(id)).join(',')}]::text[]`;
  return selectInputs(db, `p.id = ANY(${list}) AND s.project_id = ANY(${list})`, ids.length);
}

/** The heat inputs of one project (the heat route's explanation). */
export async function selectProjectInputs(db: Db, id: string): Promise<ProjectInputs | undefined> {
  return (await selectInputs(db, `p.id = ${escapeLiteral(id)}`, 1))[0];
}

/** One project's inputs as selected by {@link selectProjectInputsPage} (counts may be null; listedAt in epoch ms). */
export type ProjectInputs = {
  id: string;
  category: string;
  followersTwitter: number | null;
  mentions7d: number | null;
  engagementAvg: number | null;
  followersTelegram: number | null;
  followersDiscord: number | null;
  marketCap: number | null;
  volume24h: number | null;
  priceChange24h: number | null;
  priceChange7d: number | null;
  devCommits: number | null;
  devStars: number | null;
  devForks: number | null;
  devContributors: number | null;
  devCodeFrequency: number | null;
  newsMentions: number | null;
  googleTrends: number | null;
  redditMentions: number | null;
  redditAuthors: number | null;
  listedAtMs: number | null;
  isVerified: boolean;
} & StoredScoreState;

/**
 * What the last run stored for a project: a row whose outputs, evidence, model and inputs hash all match is not
 * rewritten, and one whose bookkeeping (gain, re-score time, scored inputs version) matches too is not touched.
 */
export type StoredScoreState = {
  storedHeat: number | null;
  storedSocial: number | null;
  storedStatus: string | null;
  storedEvidence: number;
  storedModel: string | null;
  storedHash: string | null;
  storedGain: number | null;
  storedRescoreAtMs: number | null;
  storedScoredVersion: number;
  /** The inputs version this read saw (bumped by a trigger on every change of a heat input). */
  storedInputsVersion: number;
};

/** StoredScoreState's columns of project_scores (alias s), shared with the incremental recompute's read. */
export const STORED_STATE_COLUMNS: readonly (readonly [
  name: keyof StoredScoreState,
  expression: string,
  type: SelectType,
])[] = [
  ['storedHeat', 's.heat_score', 'float8'],
  ['storedSocial', 's.social_score', 'float8'],
  ['storedStatus', 's.status', 'text'],
  ['storedEvidence', 's.evidence_count', 'int4'],
  ['storedModel', 's.model', 'text'],
  ['storedHash', 's.inputs_hash', 'text'],
  ['storedGain', 's.gain_24h', 'float8'],
  ['storedRescoreAtMs', 's.rescore_at', 'timestamptz'],
  ['storedScoredVersion', 's.scored_version', 'int4'],
  ['storedInputsVersion', 's.inputs_version', 'int4'],
];

/** Each ProjectInputs field: its SQL expression and how it is decoded. */
const INPUT_COLUMNS: readonly (readonly [name: keyof ProjectInputs, expression: string, type: SelectType])[] = [
  ['id', 'p.id', 'text'],
  ['category', 'p.category', 'text'],
  ['followersTwitter', 'p.followers_twitter', 'int8'],
  ['mentions7d', 'p.mentions_7d', 'int8'],
  ['engagementAvg', 'p.engagement_avg', 'float8'],
  ['followersTelegram', 'p.followers_telegram', 'int8'],
  ['followersDiscord', 'p.followers_discord', 'int8'],
  ['marketCap', 'p.market_cap', 'float8'],
  ['volume24h', 'p.volume_24h', 'float8'],
  ['priceChange24h', 'p.price_change_24h', 'float8'],
  ['priceChange7d', 'p.price_change_7d', 'float8'],
  ['devCommits', 'p.dev_commits', 'int8'],
  ['devStars', 'p.dev_stars', 'int8'],
  ['devForks', 'p.dev_forks', 'int8'],
  ['devContributors', 'p.dev_contributors', 'int8'],
  ['devCodeFrequency', 'p.dev_code_frequency', 'float8'],
  ['newsMentions', 'p.news_mentions', 'int8'],
  ['googleTrends', 'p.google_trends', 'float8'],
  ['redditMentions', 'p.reddit_mentions', 'int8'],
  ['redditAuthors', 'p.reddit_authors', 'int8'],
  ['listedAtMs', 'p.listed_at', 'timestamptz'],
  ['isVerified', 'p.is_verified', 'bool'],
  ...STORED_STATE_COLUMNS,
];
const INPUT_SELECT = INPUT_COLUMNS.map(([, expression]) => expression).join(', ');
const INPUT_FIELDS: NamedColumns<ProjectInputs> = INPUT_COLUMNS.map(([name, , type]) => [name, type]);

function selectInputs(db: Db, where: string, limit: number): Promise<ProjectInputs[]> {
  return bulkSelectNamed<ProjectInputs>(
    db,
    `SELECT ${INPUT_SELECT} FROM projects AS p JOIN project_scores AS s ON s.project_id = p.id
     WHERE ${where} ORDER BY p.id LIMIT ${Math.trunc(limit)}`,
    INPUT_FIELDS,
  );
}

export async function countProjects(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects);
  return row?.n ?? 0;
}

export function selectSectorNames(db: Db) {
  return db.select({ id: sectors.id, name: sectors.name }).from(sectors).orderBy(asc(sectors.id));
}

/**
 * The time of the newest run in [oldest, latest] that stored `entityType` rows: it names one run. Runs younger than
 * 48 h are never compacted, so they are still 'run' rows. A project run is read from heat_runs (a run writes project
 * rows only for what moved, so a quiet run has none); a sector run from its rows (every run writes them).
 */
export async function selectRunTimeBetween(
  db: Db,
  entityType: 'project' | 'sector',
  oldest: Date,
  latest: Date,
): Promise<Date | null> {
  if (entityType === 'project') {
    const [run] = await db
      .select({ at: heatRuns.computedAt })
      .from(heatRuns)
      .where(
        and(
          eq(heatRuns.granularity, 'run'),
          eq(heatRuns.projects, true),
          gte(heatRuns.computedAt, oldest),
          lte(heatRuns.computedAt, latest),
        ),
      )
      .orderBy(desc(heatRuns.computedAt))
      .limit(1);
    return run?.at ?? null;
  }
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

/** Scores of every `entityType` entity at the run at `at` (a project's: its row carried to that run). */
const RUN_SCORE_FIELDS: NamedColumns<{ entityId: string; score: number; signalScore: number | null }> = [
  ['entityId', 'text'],
  ['score', 'float8'],
  ['signalScore', 'float8'],
];

export async function selectRunScores(
  db: Db,
  entityType: 'project' | 'sector',
  at: Date,
): Promise<{ entityId: string; score: number; signalScore: number | null }[]> {
  if (entityType === 'project') {
    // Every project's row (a full run's baseline): one binary COPY, ~150 ms at 100,000 on PGlite where the same rows
    // as a query result took ~550 ms (the statement itself ~180 ms).
    return bulkSelectNamed<{ entityId: string; score: number; signalScore: number | null }>(
      db,
      inlineParameters(sql`SELECT entity_id, score, signal_score FROM ${projectRowsAt(at)} AS r`),
      RUN_SCORE_FIELDS,
    );
  }
  const rows = await db
    .select({ entityId: heatHistory.entityId, score: heatHistory.score, signalScore: heatHistory.signalScore })
    .from(heatHistory)
    .where(
      and(eq(heatHistory.granularity, 'run'), eq(heatHistory.computedAt, at), eq(heatHistory.entityType, entityType)),
    );
  return rows.map((r) => ({ ...r, score: r.score ?? 0 }));
}

/** One project's freshly computed score, as written to project_scores. */
export type ProjectScoreWrite = {
  id: string;
  category: string;
  /** Null when the project is not scored (below the minimum evidence rule); so are signal and status. */
  heat: number | null;
  /** Null when no social profile was read. */
  social: number | null;
  /** Heat before the status bonus. */
  signal: number | null;
  status: string | null;
  /** Raw heat inputs with data. */
  evidence: number;
  /** Contributions in PROJECT_HISTORY_KEYS order; null when not scored. */
  contributions: number[] | null;
  hash: string;
  /** Signal heat minus the baseline's; null without one. */
  gain: number | null;
  /** The next time a time-dependent factor changes this score (epoch ms); null = never. */
  rescoreAtMs: number | null;
  /** The inputs version the score came from. */
  version: number;
  /** False when only the bookkeeping (gain, re-score time, version) changed: computed_at then stays. */
  rescored: boolean;
};

/** Rewrites the given projects' scores in place: one UPDATE … FROM per batch. Cheap when few rows changed. */
export async function updateProjectScores(db: Db, rows: ProjectScoreWrite[], model: string, at: Date): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({
    ...r,
    contributions: r.contributions === null ? null : `{${r.contributions.join(',')}}`,
    rescore_at: r.rescoreAtMs === null ? null : new Date(r.rescoreAtMs).toISOString(),
  }));
  await db.execute(sql`
    UPDATE project_scores AS s SET
      heat_score = v.heat,
      social_score = v.social,
      signal_score = v.signal,
      status = v.status,
      evidence_count = v.evidence,
      contributions = v.contributions::real[],
      inputs_hash = v.hash,
      gain_24h = v.gain,
      rescore_at = v.rescore_at,
      scored_version = v.version,
      model = ${model},
      computed_at = CASE WHEN v.rescored THEN ${at.toISOString()}::timestamptz ELSE s.computed_at END
    FROM json_to_recordset(${JSON.stringify(records)}::json)
      AS v(id text, heat float8, social float8, signal float8, status text, evidence int4, contributions text,
           hash text, gain float8, rescore_at timestamptz, version int4, rescored boolean)
    WHERE s.project_id = v.id
  `);
}

const SCORE_COLUMNS: BulkColumn[] = [
  { name: 'project_id', type: 'text' },
  { name: 'category', type: 'text' },
  { name: 'heat_score', type: 'float8' },
  { name: 'social_score', type: 'float8' },
  { name: 'signal_score', type: 'float8' },
  { name: 'status', type: 'text' },
  { name: 'evidence_count', type: 'int4' },
  { name: 'contributions', type: 'real[]' },
  { name: 'inputs_hash', type: 'text' },
  { name: 'model', type: 'text' },
  { name: 'computed_at', type: 'timestamptz' },
  { name: 'inputs_version', type: 'int4' },
  { name: 'scored_version', type: 'int4' },
  { name: 'rescore_at', type: 'timestamptz' },
  { name: 'gain_24h', type: 'float8' },
  { name: 'chains', type: 'text[]' },
];
const NO_CHAINS: readonly string[] = [];

/** project_scores' copy of each project's chains (migration 0055), for the projects on any chain. */
async function selectChainsCopy(db: Db): Promise<Map<string, string[]>> {
  const rows = await bulkSelect(db, `SELECT project_id, chains FROM project_scores WHERE chains <> '{}'`, [
    'text',
    'text[]',
  ]);
  return new Map(rows.map(([id, chains]) => [id as string, chains as string[]]));
}

// A rebuild builds project_scores_next with the schema's own index definitions (schema/heat.ts), then renames them.
const toNext = (name: string) => name.replace(/^project_scores_/, 'project_scores_next_');
const PROJECT_SCORES_INDEXES = createIndexStatements(projectScores, 'project_scores_next', toNext);
/** The output-edit trigger of migration 0047, recreated on a rebuilt table (dropping the old one drops it). */
const OUTPUT_EDIT_TRIGGER = `CREATE TRIGGER project_scores_output_edit BEFORE UPDATE ON project_scores_next FOR EACH ROW
  WHEN (current_setting('heatrank.scoring', true) IS DISTINCT FROM 'on' AND
    (NEW.heat_score, NEW.social_score, NEW.signal_score, NEW.status, NEW.evidence_count, NEW.contributions,
     NEW.inputs_hash, NEW.model, NEW.gain_24h, NEW.rescore_at)
    IS DISTINCT FROM
    (OLD.heat_score, OLD.social_score, OLD.signal_score, OLD.status, OLD.evidence_count, OLD.contributions,
     OLD.inputs_hash, OLD.model, OLD.gain_24h, OLD.rescore_at))
  EXECUTE FUNCTION project_scores_on_output_edit()`;

/**
 * Marks the transaction as the recompute's own: its writes to project_scores are scores, not edits, so the output-edit
 * trigger leaves their scored_version alone. Transaction-local (ends with it).
 */
export async function markScoringTransaction(db: Db): Promise<void> {
  await db.execute(sql`SELECT set_config('heatrank.scoring', 'on', true)`);
}

const RENAMES = [
  'ALTER TABLE project_scores_next RENAME TO project_scores',
  'ALTER TABLE project_scores RENAME CONSTRAINT project_scores_next_pkey TO project_scores_pkey',
  ...indexNames(projectScores).map((name) => `ALTER INDEX ${toNext(name)} RENAME TO ${name}`),
];

/**
 * Replaces project_scores with a new table holding `pages` (every project's score from this run, loaded a page at a
 * time), for runs that change most scores. Loading an unindexed table and building its indexes once is ~4× cheaper
 * than updating 100,000 rows under three indexes (measured on PGlite: 1.6 s against 6 s), and leaves no dead rows to
 * vacuum. Must run inside the run's transaction. Projects inserted, renamed, recategorised or deleted since the run
 * read its inputs (the triggers kept project_scores current) are carried over from the old table, so nothing is lost.
 */
export async function rebuildProjectScores(
  db: Db,
  pages: Iterable<ProjectScoreWrite[]>,
  model: string,
  at: Date,
): Promise<void> {
  // EXCLUSIVE lets readers in but holds back trigger writes from other connections until the swap commits.
  await db.execute(sql`LOCK TABLE project_scores IN EXCLUSIVE MODE`);
  await db.execute(sql`CREATE TABLE project_scores_next (LIKE project_scores INCLUDING DEFAULTS)`);
  // The chains copy is no heat input, so the run did not read it: it comes from the old rows (current: the lock above
  // holds back the triggers that keep it) and is loaded with the scores, since updating it afterwards would leave
  // a dead version of every row behind.
  const chains = await selectChainsCopy(db);
  for (const rows of pages) {
    await bulkInsert(
      db,
      'project_scores_next',
      SCORE_COLUMNS,
      rows.map((r) => [
        r.id,
        r.category,
        r.heat,
        r.social,
        r.signal,
        r.status,
        r.evidence,
        r.contributions,
        r.hash,
        model,
        at,
        r.version,
        r.version,
        r.rescoreAtMs === null ? null : new Date(r.rescoreAtMs),
        r.gain,
        chains.get(r.id) ?? NO_CHAINS,
      ]),
    );
  }
  await db.execute(
    sql`ALTER TABLE project_scores_next ADD CONSTRAINT project_scores_next_pkey PRIMARY KEY (project_id)`,
  );
  // Projects that changed since the read: new ones keep their trigger-made row, gone ones go, categories follow.
  await db.execute(sql`
    INSERT INTO project_scores_next SELECT o.* FROM project_scores AS o
    WHERE NOT EXISTS (SELECT 1 FROM project_scores_next AS n WHERE n.project_id = o.project_id)
  `);
  await db.execute(sql`
    DELETE FROM project_scores_next AS n
    WHERE NOT EXISTS (SELECT 1 FROM project_scores AS o WHERE o.project_id = n.project_id)
  `);
  // An input change that committed after the read bumped the old row's version: keep it, so the row stays dirty.
  await db.execute(sql`
    UPDATE project_scores_next AS n SET category = o.category, inputs_version = o.inputs_version
    FROM project_scores AS o
    WHERE o.project_id = n.project_id AND (o.category <> n.category OR o.inputs_version <> n.inputs_version)
  `);
  for (const statement of PROJECT_SCORES_INDEXES) await db.execute(sql.raw(statement));
  await db.execute(sql.raw(OUTPUT_EDIT_TRIGGER));
  // No ANALYZE here: the planner sizes a never-analysed table from its pages, and every read sorts through these
  // indexes. afterRecompute refreshes statistics after the transaction (autovacuum on PostgreSQL).
  await db.execute(sql`DROP TABLE project_scores`);
  for (const statement of RENAMES) await db.execute(sql.raw(statement));
}

/**
 * This run's project history rows, copied inside the database from project_scores (changed rows were just written;
 * unchanged rows already hold the same result): nothing crosses the wire. Change-only (docs/heat-score.md §7.2): a
 * scored project gets a row when its score, social score, signal heat, contributions or model differ from its newest
 * run row of this UTC hour, or it has none this hour (its first run of the hour); a project that had a scored row
 * this hour and is not scored now gets a row with a null score. Only `candidates` can have moved (the rows this run
 * rewrote, or 'all'); at the first run of an hour (`firstOfHour`: no run yet this hour) every scored project gets its
 * row without a look at the history. Rows without a score yet (a project added since the run read its inputs) are
 * left for the next run, and so are unscored projects: history holds scores, and a project's chart starts at its
 * first scored run (docs/heat-score.md, "Minimum evidence").
 */
export async function insertProjectHistoryFromScores(
  db: Db,
  model: string,
  at: Date,
  which: { candidates: readonly string[] | 'all'; firstOfHour: boolean },
): Promise<number> {
  const { candidates, firstOfHour } = which;
  if (candidates !== 'all' && candidates.length === 0 && !firstOfHour) return 0;
  const t = sql`${at.toISOString()}::timestamptz`;
  const scored = sql`s.heat_score IS NOT NULL AND s.contributions IS NOT NULL`;
  const among =
    firstOfHour || candidates === 'all'
      ? sql``
      : sql`AND s.project_id IN (SELECT json_array_elements_text(${JSON.stringify(candidates)}::json))`;
  const rows = firstOfHour
    ? sql`SELECT s.project_id, s.heat_score, s.social_score, s.signal_score, s.contributions FROM project_scores s
        WHERE s.model = ${model} AND ${scored}`
    : sql`SELECT s.project_id, CASE WHEN ${scored} THEN s.heat_score END AS heat_score,
          CASE WHEN ${scored} THEN s.social_score END AS social_score,
          CASE WHEN ${scored} THEN s.signal_score END AS signal_score,
          CASE WHEN ${scored} THEN s.contributions END AS contributions
        FROM project_scores s
        LEFT JOIN LATERAL (
          SELECT h.score, h.social_score, h.signal_score, h.contributions, h.model FROM heat_history h
          WHERE h.entity_type = 'project' AND h.entity_id = s.project_id AND h.granularity = 'run'
            AND h.computed_at < ${t} AND h.computed_at >= ${hourStartOf(t)}
          ORDER BY h.computed_at DESC LIMIT 1
        ) AS p ON true
        WHERE s.model = ${model} ${among}
          AND CASE WHEN ${scored}
            THEN p.score IS NULL OR (p.score, p.social_score, p.signal_score, p.contributions, p.model)
              IS DISTINCT FROM (s.heat_score, s.social_score, s.signal_score, s.contributions, ${model})
            ELSE p.score IS NOT NULL END`;
  const inserted = await queryRows<{ n: number }>(
    db,
    sql`
      WITH inserted AS (
        INSERT INTO heat_history
          (entity_type, entity_id, computed_at, score, social_score, signal_score, contributions, model)
        SELECT 'project', project_id, ${t}, heat_score, social_score, signal_score, contributions, ${model}
        FROM (${rows}) AS r
        RETURNING score
      )
      SELECT count(*) FILTER (WHERE score IS NOT NULL)::int AS n FROM inserted
    `,
  );
  return inserted[0]?.n ?? 0;
}

/**
 * Whether the run at `at` is the first of its UTC hour, and lists it in heat_runs when `list` (the trigger on
 * heat_history lists a run that wrote rows; this one may have written none). `projects`: it scored a project.
 */
export async function insertHeatRun(
  db: Db,
  at: Date,
  options: { projects: boolean; list: boolean },
): Promise<{ firstOfHour: boolean }> {
  const t = sql`${at.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ first: boolean }>(
    db,
    sql`SELECT NOT EXISTS (
      SELECT 1 FROM heat_runs WHERE granularity = 'run' AND computed_at >= ${hourStartOf(t)} AND computed_at < ${t}
    ) AS first`,
  );
  if (options.list) {
    await db.execute(sql`INSERT INTO heat_runs (computed_at, projects) VALUES (${t}, ${options.projects})
      ON CONFLICT (computed_at) DO UPDATE SET projects = heat_runs.projects OR excluded.projects`);
  }
  return { firstOfHour: row?.first ?? true };
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
  /** Null when the sector has no scored member. */
  heat: number | null;
  /** Scored members (the heat's mean, size bonus, breadth and concentration count only these). */
  scoredCount: number;
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
  const records = rows.map(({ scoredCount, ...r }) => ({ ...r, scored_count: scoredCount }));
  await db.execute(sql`
    UPDATE sectors AS s SET
      heat_score = v.heat,
      scored_count = v.scored_count,
      social_score = v.social,
      change_24h = v.change24h,
      trend = v.trend,
      breadth = v.breadth,
      concentration = v.concentration,
      heat_model = ${model},
      heat_breakdown = v.breakdown,
      heat_computed_at = ${at.toISOString()}::timestamptz,
      updated_at = ${at.toISOString()}::timestamptz
    FROM json_to_recordset(${JSON.stringify(records)}::json)
      AS v(id text, heat float8, scored_count int4, social float8, change24h float8, trend text, breadth float8,
           concentration float8, breakdown jsonb)
    WHERE s.id = v.id
  `);
}
