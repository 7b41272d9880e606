import pg from 'pg';
import { bulkSelect, bulkSelectNamed } from '../../db/bulk-select.ts';
import type { Db } from '../../db/client.ts';

const { escapeLiteral } = pg;

// Bulk reads of the evaluation's inputs by binary COPY, one page of projects (an id range) at a time: at 10⁵
// projects × 90 days a page's rows are decoded and dropped before the next page is read.

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
 * The page's ids as a relation (id, position in the page): joining it lets each row carry a number instead of its id
 * (no text to decode per row: at 10⁵ × 90 days × 4 signals that decoding took longer than the query), and makes the
 * planner walk the primary keys by id instead of scanning a table per page.
 */
const pageRelation = (ids: readonly string[]) =>
  `unnest(ARRAY[${ids.map((id) => escapeLiteral(id)).join(',')}]::text[]) WITH ORDINALITY AS page(id, position)`;

/** `values` as a SQL text array literal. */
const textArray = (values: readonly string[]) => `ARRAY[${values.map((v) => escapeLiteral(v)).join(',')}]::text[]`;

/**
 * The published daily heat of the page's projects over [fromDay, toDay]: (position in `ids` from 0, day number since
 * 1970-01-01, score, model version as its position in `models` from 1 — 0 when it is another, null when the day's
 * history row is gone). Rows ranked before the day's model was kept on them read it from their history row.
 */
export async function selectPublishedHeat(
  db: Db,
  ids: readonly string[],
  fromDay: string,
  toDay: string,
  models: readonly string[],
) {
  if (ids.length === 0) return [];
  const rows = await bulkSelect(
    db,
    `SELECT (page.position - 1)::int4, (r.day - DATE '1970-01-01')::int4, r.score,
       coalesce(array_position(${textArray(models)}, coalesce(r.model, (SELECT h.model FROM heat_history h
         WHERE h.entity_type = 'project' AND h.entity_id = r.entity_id AND h.computed_at = r.computed_at))), 0)::int4
     FROM ${pageRelation(ids)}
     JOIN heat_daily_ranks r ON r.entity_type = 'project' AND r.entity_id = page.id
       AND r.day BETWEEN ${escapeLiteral(fromDay)}::date AND ${escapeLiteral(toDay)}::date`,
    ['int4', 'int4', 'float8', 'int4'],
  );
  return rows as [number, number, number, number | null][];
}

/**
 * Daily source values of the page's projects over [fromDay, toDay] for `signals`: (position in `ids`, signal as its
 * position in `signals` from 0, day number since 1970-01-01, value).
 */
export async function selectDailySignalValues(
  db: Db,
  ids: readonly string[],
  fromDay: string,
  toDay: string,
  signals: readonly string[],
) {
  if (ids.length === 0) return [];
  const rows = await bulkSelect(
    db,
    `SELECT (page.position - 1)::int4, (array_position(${textArray(signals)}, d.signal) - 1)::int4,
       (d.day - DATE '1970-01-01')::int4, d.value
     FROM ${pageRelation(ids)}
     JOIN daily_signals d ON d.project_id = page.id AND d.signal = ANY(${textArray(signals)})
       AND d.day BETWEEN ${escapeLiteral(fromDay)}::date AND ${escapeLiteral(toDay)}::date`,
    ['int4', 'int4', 'int4', 'float8'],
  );
  return rows as [number, number, number, number][];
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
