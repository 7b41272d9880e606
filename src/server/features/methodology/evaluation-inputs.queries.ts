import { bulkSelect, bulkSelectNamed } from '../../db/bulk-select.ts';
import type { Db } from '../../db/client.ts';
import { copyOutChunks } from '../../db/copy.ts';
import { createNumericCopyDecoder, type NumericBatch, type NumericCopyType } from '../../db/numeric-copy.ts';
import { escapeLiteral } from '../../db/sql-literal.ts';

// Bulk reads of the evaluation's inputs by binary COPY, one set-based query per table streamed into typed arrays: at
// 10⁵ projects × 90 days that is ~10⁷ heat rows and ~4·10⁷ daily values, so no row becomes a JS object. Run them in
// one repeatable-read transaction: rows carry the project's position in selectEvaluationProjects' order, computed by
// PostgreSQL from the same snapshot (a number per row instead of a text id to decode).

export type EvaluationProject = { id: string; sectorId: string; listedAtMs: number | null; isVerified: boolean };

/** Every project, ordered by id, with its sector's id (the category's name when no sectors row matches). */
export function selectEvaluationProjects(db: Db): Promise<EvaluationProject[]> {
  return bulkSelectNamed<EvaluationProject>(
    db,
    `SELECT p.id, coalesce(s.id, p.category), p.listed_at, p.is_verified
     FROM projects p LEFT JOIN sectors s ON s.name = p.category ORDER BY p.id`,
    [
      ['id', 'text'],
      ['sectorId', 'text'],
      ['listedAtMs', 'timestamptz'],
      ['isVerified', 'bool'],
    ],
  );
}

/**
 * Each project's position (from 0) in id order, as selectEvaluationProjects lists them: a relation PostgreSQL hashes
 * (it knows the table's statistics, so it builds the hash on the 10⁵ projects, not on the 10⁷ rows).
 */
export const POSITIONS = `(SELECT id, (row_number() OVER (ORDER BY id) - 1)::int4 AS position FROM projects)`;

/** `values` as a SQL text array literal. */
export const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => escapeLiteral(v)).join(',')}]::text[]`;

export async function streamRows(db: Db, query: string, types: readonly NumericCopyType[], onBatch: OnBatch) {
  const decoder = createNumericCopyDecoder(types, onBatch);
  await copyOutChunks(db, query, decoder.push);
  decoder.end();
}

export type OnBatch = (batch: NumericBatch) => void;

/**
 * Streams the published daily heat of `days` (a range, both ends included, or a list) to `onBatch` as columns: project position, day number since
 * 1970-01-01, score, model version as its position in `models` from 1 (0 when it is another, NaN when the day's
 * history row is gone). Rows ranked before the day's model was kept on them read it from their history row.
 */
export function streamPublishedHeat(
  db: Db,
  days: { from: string; to: string } | readonly string[],
  models: readonly string[],
  onBatch: OnBatch,
): Promise<void> {
  const onDays =
    'from' in days
      ? `r.day BETWEEN ${escapeLiteral(days.from)}::date AND ${escapeLiteral(days.to)}::date`
      : `r.day = ANY(ARRAY[${days.map((d) => escapeLiteral(d)).join(',')}]::date[])`;
  return streamRows(
    db,
    `SELECT pp.position, (r.day - DATE '1970-01-01')::int4, r.score,
       coalesce(array_position(${textArray(models)}, coalesce(r.model, (SELECT h.model FROM heat_history h
         WHERE h.entity_type = 'project' AND h.entity_id = r.entity_id AND h.computed_at <= r.computed_at
           AND h.computed_at >= date_trunc('hour', r.computed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
         ORDER BY h.computed_at DESC LIMIT 1))), 0)::int4
     FROM heat_daily_ranks r JOIN ${POSITIONS} pp ON pp.id = r.entity_id
     WHERE r.entity_type = 'project' AND ${onDays}`,
    ['int4', 'int4', 'float8', 'int4'],
    onBatch,
  );
}

/**
 * Streams the daily source values over [fromDay, toDay] for `signals` to `onBatch` as columns: project position,
 * signal as its position in `signals` from 0, day number since 1970-01-01, value.
 */
export function streamDailySignalValues(
  db: Db,
  fromDay: string,
  toDay: string,
  signals: readonly string[],
  onBatch: OnBatch,
  /** Only these projects (by their primary key), instead of every current one. */
  projectIds?: readonly string[],
): Promise<void> {
  const onlyProjects = projectIds ? `d.project_id = ANY(${textArray(projectIds)}) AND ` : '';
  return streamRows(
    db,
    `SELECT pp.position, (array_position(${textArray(signals)}, d.signal) - 1)::int4,
       (d.day - DATE '1970-01-01')::int4, d.value
     FROM daily_signals d JOIN ${POSITIONS} pp ON pp.id = d.project_id
     WHERE ${onlyProjects}d.signal = ANY(${textArray(signals)})
       AND d.day BETWEEN ${escapeLiteral(fromDay)}::date AND ${escapeLiteral(toDay)}::date`,
    ['int4', 'int4', 'int4', 'float8'],
    onBatch,
  );
}

/** Every model version a stored heat row may name: the registry's and the projects' current ones. */
export async function selectKnownModelIds(db: Db): Promise<string[]> {
  const rows = await bulkSelect(
    db,
    `SELECT id FROM heat_models UNION SELECT DISTINCT model FROM project_scores WHERE model IS NOT NULL`,
    ['text'],
  );
  return rows.map((r) => r[0] as string);
}

/** The first and last day of published project heat (null when there is none). */
export async function selectPublishedHeatSpan(db: Db): Promise<{ first: string | null; last: string | null }> {
  const [row] = await bulkSelect(
    db,
    `SELECT min(day)::text, max(day)::text FROM heat_daily_ranks WHERE entity_type = 'project'`,
    ['text', 'text'],
  );
  return { first: (row?.[0] as string | null) ?? null, last: (row?.[1] as string | null) ?? null };
}
