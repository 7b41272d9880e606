import { sql } from 'drizzle-orm';
import { type Db, type DbKind, queryRows } from '../src/server/db/client.ts';
import { refreshTableStatistics } from '../src/server/db/maintenance.ts';
import { getProjectTrend, getSectorTrend } from '../src/server/features/trend/trend.service.ts';

export type TrendBenchRow = {
  database: string;
  query: string;
  'p50 ms': number | string;
  'p95 ms': number | string;
  target: string;
};

const DAY_MS = 86_400_000;

/**
 * 90 days of heat history for every project and sector, as the retention job leaves it, thinned: one 'day' row per
 * entity per day older than 48 h (production keeps 24 'hour' rows a day for the last 30 days, which only makes reading
 * heat_history slower), and four 'run' rows a day for the last two days. Scores wander around today's heat.
 * Run right after a recompute, so project_scores holds today's heat. Returns the rows written.
 */
export async function seedSyntheticHistory(db: Db, now: Date, days = 90): Promise<number> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const oldest = new Date(today - (days - 1) * DAY_MS).toISOString();
  const recent = new Date(today - DAY_MS).toISOString();
  await db.execute(sql`DELETE FROM heat_history WHERE computed_at < ${recent}::timestamptz`);
  const [written] = await queryRows<{ n: number }>(
    db,
    sql`WITH times AS (
        SELECT t, 'day' AS granularity FROM generate_series(${oldest}::timestamptz + interval '23 hours',
          ${recent}::timestamptz - interval '1 hour', interval '1 day') AS t
      ), entities AS (
        SELECT 'project' AS entity_type, project_id AS entity_id, coalesce(heat_score, 20) AS heat FROM project_scores
        UNION ALL SELECT 'sector', id, 50 FROM sectors
      ), inserted AS (
        INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model, granularity)
        SELECT e.entity_type, e.entity_id, times.t,
          greatest(0, least(100, e.heat + 15 * sin(extract(epoch FROM times.t) / 86400 / 7 + hashtext(e.entity_id)))),
          'heat-v1', times.granularity
        FROM times CROSS JOIN entities e
        ON CONFLICT DO NOTHING
        RETURNING 1
      ) SELECT count(*)::int AS n FROM inserted`,
  );
  return written?.n ?? 0;
}

/** GET /api/projects/:id/trend and /api/sectors/:id/trend at the service (server time without HTTP). */
export async function benchTrend(db: Db, kind: DbKind, runs = 20): Promise<TrendBenchRow[]> {
  const now = new Date();
  await refreshTableStatistics(db, kind, ['heat_history']);
  const [hot] = await queryRows<{ id: string }>(
    db,
    sql`SELECT project_id AS id FROM project_scores ORDER BY heat_score DESC NULLS LAST, project_id LIMIT 1 OFFSET 5000`,
  );
  const [sector] = await queryRows<{ id: string }>(db, sql`SELECT id FROM sectors ORDER BY id LIMIT 1`);
  const rows: TrendBenchRow[] = [];
  const cases: [string, () => Promise<unknown>][] = [
    ['trend: project 90d at 100k', () => getProjectTrend(db, hot!.id, '90d', now)],
    ['trend: project 7d at 100k', () => getProjectTrend(db, hot!.id, '7d', now)],
    ['trend: sector 90d', () => getSectorTrend(db, sector!.id, '90d', now)],
  ];
  for (const [label, run] of cases) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0) * 10) / 10;
    rows.push({ database: kind, query: label, 'p50 ms': at(0.5), 'p95 ms': at(0.95), target: 'p95 ≤ 100 ms' });
  }
  return rows;
}
