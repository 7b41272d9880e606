import { eq, sql } from 'drizzle-orm';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import { bulkSelectNamed, type NamedColumns } from '../../db/bulk-select.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { projectRowAt, projectRowsAt } from '../../db/history-at.ts';
import { heatRecomputeState } from '../../db/schema/index.ts';
import { STORED_STATE_COLUMNS, type StoredScoreState } from './heat.queries.ts';

// Reads of the incremental recompute (recompute.service.ts): what every project's row holds, which baselines moved,
// and the baseline scores of the few projects it re-scores.

/**
 * One project_scores row as the incremental recompute reads it: contributions c0…c7 in PROJECT_HISTORY_KEYS order
 * (flat fields: one object per row, 100,000 times, without a second allocation for an array).
 */
export type StoredScoreRow = {
  id: string;
  category: string;
  storedSignal: number | null;
} & StoredScoreState &
  Record<`c${number}`, number | null>;

const CONTRIBUTION_COUNT = 8; // PROJECT_HISTORY_KEYS.length (heat.mappers.ts)
const CONTRIBUTION_COLUMNS = Array.from(
  { length: CONTRIBUTION_COUNT },
  (_, i) => [`c${i}`, `s.contributions[${i + 1}]::float8`, 'float8'] as const,
);
const STORED_COLUMNS = [
  ['id', 's.project_id', 'text'],
  ['category', 's.category', 'text'],
  ['storedSignal', 's.signal_score', 'float8'],
  ...CONTRIBUTION_COLUMNS,
  ...STORED_STATE_COLUMNS,
] as const;
const STORED_FIELDS = STORED_COLUMNS.map(([name, , type]) => [name, type]) as unknown as NamedColumns<StoredScoreRow>;
const STORED_SELECT = STORED_COLUMNS.map(([, expression]) => expression).join(', ');

/**
 * Every project_scores row, by id (the order the full recompute reads projects in), through binary COPY. Float4
 * contributions are read as float8 (exact), one column each.
 */
export function selectStoredScores(db: Db): Promise<StoredScoreRow[]> {
  return bulkSelectNamed<StoredScoreRow>(
    db,
    `SELECT ${STORED_SELECT} FROM project_scores AS s ORDER BY s.project_id`,
    STORED_FIELDS,
  );
}

/** What the incremental plan must read of a row when it already knows the row's outputs (its last run's). */
export type ScoreVersionRow = {
  id: string;
  category: string;
  storedInputsVersion: number;
  storedScoredVersion: number;
  storedRescoreAtMs: number | null;
};

const VERSION_FIELDS: NamedColumns<ScoreVersionRow> = [
  ['id', 'text'],
  ['category', 'text'],
  ['storedInputsVersion', 'int4'],
  ['storedScoredVersion', 'int4'],
  ['storedRescoreAtMs', 'timestamptz'],
];

/**
 * Every project_scores row's id, category, versions and re-score time, by id: a fifth of {@link selectStoredScores}'s
 * bytes (no outputs, no contributions array).
 */
export function selectScoreVersions(db: Db): Promise<ScoreVersionRow[]> {
  return bulkSelectNamed<ScoreVersionRow>(
    db,
    `SELECT s.project_id, s.category, s.inputs_version, s.scored_version, s.rescore_at
     FROM project_scores AS s ORDER BY s.project_id`,
    VERSION_FIELDS,
  );
}

/**
 * Which projects project_scores holds, under which categories, as one value: their count and the sum of a hash of
 * each id and category. A process that kept the last run's outputs compares it with the value read before that run
 * read its rows: equal, no project was added, removed or moved to another sector since (a hash collision aside, which
 * an added project cannot hide: it is also a row to re-score).
 */
export async function selectProjectSetFingerprint(db: Db): Promise<string> {
  const [row] = await queryRows<{ n: number; h: string }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(hashtext(project_id || '/' || category)), 0)::text AS h
        FROM project_scores`,
  );
  return `${row?.n ?? 0}:${row?.h ?? '0'}`;
}

/**
 * The projects to re-score at `now` by their own rows: inputs moved since they were scored (or never scored, or an
 * output edited: scored_version −1), or a time factor stepped. Both by index (migration 0058), not by every row. At
 * most `limit` ids, a project due for both reasons possibly twice: past the limit the caller runs a full recompute,
 * and a full sync that moved every input then costs the plan nothing.
 */
export async function selectRowsToRescore(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT project_id AS id FROM project_scores WHERE inputs_version <> scored_version
        UNION ALL SELECT project_id FROM project_scores WHERE rescore_at <= ${now.toISOString()}::timestamptz
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** A stored row's contributions as an array (zeros where the row holds none). */
export function storedContributions(row: StoredScoreRow): number[] {
  const out = new Array<number>(CONTRIBUTION_COUNT);
  for (let i = 0; i < CONTRIBUTION_COUNT; i++) out[i] = row[`c${i}`] ?? 0;
  return out;
}

/**
 * Projects whose baseline score (signal heat, else heat) differs between the runs at `previous` and `next`, or that
 * are in only one of them: their 24 h gain moved although their inputs did not. Each run's rows are the projects'
 * rows carried to it (db/history-at.ts).
 */
export async function selectBaselineMoved(db: Db, previous: Date, next: Date): Promise<string[]> {
  if (Math.floor(previous.getTime() / HOUR_MS) === Math.floor(next.getTime() / HOUR_MS) && previous < next) {
    // One hour: only a project with a row in (previous, next] can differ, so only those are compared (by primary
    // key), not every project's row of the hour twice.
    const rows = await queryRows<{ id: string }>(
      db,
      sql`SELECT n.entity_id AS id FROM (
            SELECT DISTINCT ON (entity_id) entity_id, coalesce(signal_score, score) AS v FROM heat_history
            WHERE granularity = 'run' AND entity_type = 'project'
              AND computed_at > ${previous.toISOString()}::timestamptz AND computed_at <= ${next.toISOString()}::timestamptz
            ORDER BY entity_id, computed_at DESC
          ) AS n
          LEFT JOIN LATERAL ${projectRowAt(sql`n.entity_id`, sql`${previous.toISOString()}::timestamptz`, sql`coalesce(signal_score, score) AS v`)} AS p
            ON true
          WHERE n.v IS DISTINCT FROM p.v`,
    );
    return rows.map((r) => r.id);
  }
  const run = (at: Date) => sql`SELECT entity_id, coalesce(signal_score, score) AS v FROM ${projectRowsAt(at)} AS r`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT coalesce(n.entity_id, p.entity_id) AS id FROM (${run(next)}) AS n
        FULL JOIN (${run(previous)}) AS p ON p.entity_id = n.entity_id
        WHERE n.v IS DISTINCT FROM p.v`,
  );
  return rows.map((r) => r.id);
}

/** The baseline scores (signal heat, else heat) of the given projects at the run at `at`: one probe each. */
export async function selectBaselineScoresOf(db: Db, at: Date, ids: readonly string[]): Promise<Map<string, number>> {
  const scores = new Map<string, number>();
  if (ids.length === 0) return scores;
  const rows = await queryRows<{ id: string; v: number | null }>(
    db,
    sql`SELECT i.id, coalesce(r.signal_score, r.score) AS v
        FROM json_array_elements_text(${JSON.stringify(ids)}::json) AS i(id)
        CROSS JOIN LATERAL ${projectRowAt(sql`i.id`, sql`${at.toISOString()}::timestamptz`, sql`score, signal_score`)} AS r`,
  );
  for (const row of rows) if (row.v !== null) scores.set(row.id, row.v);
  return scores;
}

export type RecomputeState = { lastRunAt: Date; baselineAt: Date | null; model: string };
/**
 * The state row's version: the id of the transaction that wrote it (PostgreSQL's xmin), so a process can tell
 * whether the last committed run is the one it committed itself, even when another ran at the same time `now`.
 */
type StateVersion = { writtenBy: string };

const STATE_ID = 1;

/** What the last committed run used (heat_recompute_state), or null before the first run. */
export async function selectRecomputeState(
  db: Db,
  options: { forUpdate?: boolean } = {},
): Promise<(RecomputeState & StateVersion) | null> {
  const query = db
    .select({
      lastRunAt: heatRecomputeState.lastRunAt,
      baselineAt: heatRecomputeState.baselineAt,
      model: heatRecomputeState.model,
      writtenBy: sql<string>`xmin::text`,
    })
    .from(heatRecomputeState)
    .where(eq(heatRecomputeState.id, STATE_ID));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Records the run that is committing (inside its transaction); returns the row's version (StateVersion). */
export async function writeRecomputeState(db: Db, state: RecomputeState): Promise<string> {
  const [row] = await db
    .insert(heatRecomputeState)
    .values({ id: STATE_ID, ...state })
    .onConflictDoUpdate({ target: heatRecomputeState.id, set: state })
    .returning({ writtenBy: sql<string>`xmin::text` });
  if (!row) throw new Error('heat_recompute_state: the upsert returned no row');
  return row.writtenBy;
}
