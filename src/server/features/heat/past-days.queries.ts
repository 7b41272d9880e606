import { sql } from 'drizzle-orm';
import { type BulkValue, bulkInsert } from '../../db/bulk-insert.ts';
import { bulkSelect, bulkSelectNamed } from '../../db/bulk-select.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { escapeLiteral } from '../../db/sql-literal.ts';

// Reads and writes of the history backfill's past days (past-days.service.ts).

export type PastProject = { id: string; category: string; listedAtMs: number | null; isVerified: boolean };

/** A page of projects that have daily values (keyset by id). */
export function selectPastProjectsPage(db: Db, afterId: string, limit: number): Promise<PastProject[]> {
  return bulkSelectNamed<PastProject>(
    db,
    `SELECT p.id, p.category, p.listed_at, p.is_verified FROM projects p
     WHERE p.id > ${escapeLiteral(afterId)} AND EXISTS (SELECT 1 FROM daily_signals d WHERE d.project_id = p.id)
     ORDER BY p.id LIMIT ${Math.trunc(limit)}`,
    [
      ['id', 'text'],
      ['category', 'text'],
      ['listedAtMs', 'timestamptz'],
      ['isVerified', 'bool'],
    ],
  );
}

/** The daily values of projects [fromId, toId] from `sinceDay` (day as days since 1970-01-01), by binary COPY. */
export async function selectDailyValues(db: Db, fromId: string, toId: string, sinceDay: string) {
  const rows = await bulkSelect(
    db,
    `SELECT project_id, signal, (day - DATE '1970-01-01')::int4, value FROM daily_signals
     WHERE project_id BETWEEN ${escapeLiteral(fromId)} AND ${escapeLiteral(toId)}
       AND day >= ${escapeLiteral(sinceDay)}::date`,
    ['text', 'text', 'int4', 'float8'],
  );
  return rows as [string, string, number, number][];
}

/** One backfilled history row: a project's (contributions) or a sector's (breakdown JSON). */
export type PastHistoryRow = {
  entityType: 'project' | 'sector';
  id: string;
  at: Date;
  score: number;
  social: number | null;
  signal: number | null;
  contributions: number[] | null;
  breakdown: string | null;
};

const STAGING = [
  { name: 'entity_type', type: 'text' },
  { name: 'entity_id', type: 'text' },
  { name: 'computed_at', type: 'timestamptz' },
  { name: 'score', type: 'float8' },
  { name: 'social_score', type: 'float8' },
  { name: 'signal_score', type: 'float8' },
  { name: 'contributions', type: 'real[]' },
  { name: 'breakdown', type: 'text' },
];

/**
 * Writes backfilled day rows (granularity 'day', backfilled) through a binary-COPY staging table. A live row of the
 * same entity on the same UTC day wins: the day is skipped. An earlier backfilled row is rewritten only when its
 * figures changed, so a second backfill writes nothing. `tx` must be a transaction. Returns rows inserted and updated.
 */
export async function upsertBackfilledHistory(
  tx: Db,
  rows: readonly PastHistoryRow[],
  model: { project: string; sector: string },
) {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS heat_history_in (entity_type text, entity_id text,
    computed_at timestamptz, score float8, social_score float8, signal_score float8, contributions real[],
    breakdown text) ON COMMIT DROP`);
  await tx.execute(sql`TRUNCATE heat_history_in`);
  const values: BulkValue[][] = rows.map((r) => [
    r.entityType,
    r.id,
    r.at,
    r.score,
    r.social,
    r.signal,
    r.contributions,
    r.breakdown,
  ]);
  await bulkInsert(tx, 'heat_history_in', STAGING, values);
  const [counts] = await queryRows<{ inserted: number; updated: number }>(
    tx,
    sql`WITH written AS (
      INSERT INTO heat_history AS h (entity_type, entity_id, computed_at, score, social_score, signal_score,
        contributions, breakdown, model, granularity, backfilled)
      SELECT s.entity_type, s.entity_id, s.computed_at, s.score, s.social_score, s.signal_score, s.contributions,
        s.breakdown::jsonb, CASE s.entity_type WHEN 'project' THEN ${model.project} ELSE ${model.sector} END, 'day', true
      FROM heat_history_in s
      WHERE NOT EXISTS (
        SELECT 1 FROM heat_history r
        WHERE r.entity_type = s.entity_type AND r.entity_id = s.entity_id AND NOT r.backfilled
          AND r.computed_at >= date_trunc('day', s.computed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
          AND r.computed_at < (date_trunc('day', s.computed_at AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC'
      )
      ON CONFLICT (entity_type, entity_id, computed_at) DO UPDATE SET score = EXCLUDED.score,
        social_score = EXCLUDED.social_score, signal_score = EXCLUDED.signal_score,
        contributions = EXCLUDED.contributions, breakdown = EXCLUDED.breakdown, model = EXCLUDED.model
      WHERE h.backfilled AND (h.score, h.social_score, h.signal_score, h.contributions, h.breakdown, h.model)
        IS DISTINCT FROM (EXCLUDED.score, EXCLUDED.social_score, EXCLUDED.signal_score, EXCLUDED.contributions,
          EXCLUDED.breakdown, EXCLUDED.model)
      RETURNING (xmax = 0) AS fresh
    ) SELECT (count(*) FILTER (WHERE fresh))::int AS inserted, (count(*) FILTER (WHERE NOT fresh))::int AS updated
      FROM written`,
  );
  return { inserted: counts?.inserted ?? 0, updated: counts?.updated ?? 0 };
}
