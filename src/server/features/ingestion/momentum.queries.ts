import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** The source named for a momentum computed from stored daily prices (the breakdown shows it). */
export const MOMENTUM_SOURCE = 'coingecko-history';

export type MarketDay = { projectId: string; price: number | null; marketCap: number | null; volume24h: number | null };

/** Stores a market refresh's values as its UTC day's daily values (the day's last refresh wins). */
export async function upsertMarketDay(db: Db, day: string, at: Date, rows: readonly MarketDay[]): Promise<void> {
  const values = rows.flatMap((r) =>
    (['price', 'marketCap', 'volume24h'] as const)
      .filter((signal) => r[signal] !== null && Number.isFinite(r[signal]))
      .map((signal) => ({ project_id: r.projectId, signal, value: r[signal] })),
  );
  if (values.length === 0) return;
  await db.execute(sql`
    INSERT INTO daily_signals AS d (project_id, signal, day, value, source, fetched_at)
    SELECT v.project_id, v.signal, ${day}::date, v.value, 'coingecko', ${at.toISOString()}::timestamptz
    FROM json_to_recordset(${JSON.stringify(values)}::json) AS v(project_id text, signal text, value float8)
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = v.project_id)
    ON CONFLICT (project_id, signal, day) DO UPDATE SET value = EXCLUDED.value, fetched_at = EXCLUDED.fetched_at
    WHERE d.value IS DISTINCT FROM EXCLUDED.value
  `);
}

/**
 * Momentum from history: each project whose newest stored daily price is at most two days old and which has the price
 * seven days before it gets that 7-day change (%) as its priceChange7d, its provenance MOMENTUM_SOURCE as of the
 * newest price's fetch. `ids` narrows it to some projects. Returns the projects changed.
 */
export async function updateMomentumFromHistory(db: Db, today: string, ids?: readonly string[]): Promise<number> {
  const only = ids ? sql`AND c.project_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))` : sql``;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH latest AS (
      SELECT DISTINCT ON (c.project_id) c.project_id, c.day, c.value, c.fetched_at FROM daily_signals c
      WHERE c.signal = 'price' AND c.day >= ${today}::date - 2 ${only}
      ORDER BY c.project_id, c.day DESC
    ), m AS (
      SELECT l.project_id, (l.value / o.value - 1) * 100 AS change, l.fetched_at FROM latest l
      JOIN daily_signals o ON o.project_id = l.project_id AND o.signal = 'price' AND o.day = l.day - 7
      WHERE o.value > 0
    ), changed AS (
      UPDATE projects p SET price_change_7d = m.change,
        metric_sources = p.metric_sources || jsonb_build_object('priceChange7d',
          jsonb_build_object('source', ${MOMENTUM_SOURCE}::text, 'asOf',
            to_char(m.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      FROM m WHERE p.id = m.project_id
        AND (p.price_change_7d IS DISTINCT FROM m.change OR p.metric_sources->'priceChange7d'->>'source' IS DISTINCT FROM ${MOMENTUM_SOURCE})
      RETURNING 1
    ) SELECT count(*)::int AS n FROM changed`,
  );
  return rows[0]?.n ?? 0;
}
