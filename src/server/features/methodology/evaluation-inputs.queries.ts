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
 * The published daily heat of projects [fromId, toId] over [fromDay, toDay]: (project, day number since 1970-01-01,
 * score, model version of the history row the day's score came from — null when that row is gone).
 */
export async function selectPublishedHeat(db: Db, fromId: string, toId: string, fromDay: string, toDay: string) {
  const rows = await bulkSelect(
    db,
    `SELECT r.entity_id, (r.day - DATE '1970-01-01')::int4, r.score, h.model
     FROM heat_daily_ranks r
     LEFT JOIN heat_history h ON h.entity_type = 'project' AND h.entity_id = r.entity_id AND h.computed_at = r.computed_at
     WHERE r.entity_type = 'project' AND r.entity_id BETWEEN ${escapeLiteral(fromId)} AND ${escapeLiteral(toId)}
       AND r.day BETWEEN ${escapeLiteral(fromDay)}::date AND ${escapeLiteral(toDay)}::date`,
    ['text', 'int4', 'float8', 'text'],
  );
  return rows as [string, number, number, string | null][];
}

/** Daily source values of projects [fromId, toId] over [fromDay, toDay] for the listed signals. */
export async function selectDailySignalValues(
  db: Db,
  fromId: string,
  toId: string,
  fromDay: string,
  toDay: string,
  signals: readonly string[],
) {
  const rows = await bulkSelect(
    db,
    `SELECT project_id, signal, (day - DATE '1970-01-01')::int4, value FROM daily_signals
     WHERE project_id BETWEEN ${escapeLiteral(fromId)} AND ${escapeLiteral(toId)}
       AND day BETWEEN ${escapeLiteral(fromDay)}::date AND ${escapeLiteral(toDay)}::date
       AND signal IN (${signals.map((s) => escapeLiteral(s)).join(', ')})`,
    ['text', 'text', 'int4', 'float8'],
  );
  return rows as [string, string, number, number][];
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
