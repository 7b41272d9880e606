import { sql } from 'drizzle-orm';
import { type Db, type DbKind, queryRows } from '../src/server/db/client.ts';
import { createAnalysisService } from '../src/server/features/analysis/analysis.service.ts';

export type AnalysisBenchRow = {
  database: string;
  query: string;
  'p50 ms': number | string;
  'p95 ms': number | string;
  target: string;
};

/**
 * `days` earlier daily runs of every project and sector behind the latest run (a recompute's), written straight into
 * heat_history: scores wander around the latest heat (no randomness: a sine of the day and the id's hash), and the
 * hottest 1,000 projects get daily page views. Returns the history rows written.
 */
export async function seedAnalysisHistory(db: Db, days: number): Promise<number> {
  const [latest] = await queryRows<{ at: string }>(
    db,
    sql`SELECT max(computed_at)::text AS at FROM heat_history WHERE granularity = 'run'`,
  );
  if (!latest?.at) throw new Error('seedAnalysisHistory: run a recompute first');
  let written = 0;
  for (let d = 1; d <= days; d++) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH inserted AS (
          INSERT INTO heat_history (entity_type, entity_id, computed_at, score, social_score, signal_score,
            contributions, breakdown, model, granularity)
          SELECT entity_type, entity_id, computed_at - ${`${d} days`}::interval,
            greatest(0, least(100, score + 8 * sin(${d} / 3.0 + hashtext(entity_id)))), social_score, signal_score,
            contributions, breakdown, model, 'day'
          FROM heat_history WHERE computed_at = ${latest.at}::timestamptz
          ON CONFLICT DO NOTHING RETURNING 1
        ) SELECT count(*)::int AS n FROM inserted`,
    );
    written += row?.n ?? 0;
  }
  await db.execute(sql`
    INSERT INTO daily_signals (project_id, signal, day, value, source, fetched_at)
    SELECT s.project_id, 'pageViews', (now() AT TIME ZONE 'UTC')::date - d, 1000 + 200 * sin(d + hashtext(s.project_id)),
      'wikipedia', now()
    FROM (SELECT project_id FROM project_scores ORDER BY heat_score DESC NULLS LAST, project_id LIMIT 1000) AS s,
      generate_series(0, ${days}) AS d
    ON CONFLICT DO NOTHING`);
  return written;
}

/**
 * The analyses at the service (server time without HTTP): cold = a fresh service (empty cache) per call, warm = the
 * same service again (an LRU hit after reading the data version).
 */
export async function benchAnalysis(db: Db, kind: DbKind): Promise<AnalysisBenchRow[]> {
  if (kind === 'pglite') await db.execute(sql`VACUUM (ANALYZE) heat_history`);
  else await db.execute(sql`ANALYZE heat_history`);
  const [hot] = await queryRows<{ id: string }>(
    db,
    sql`SELECT project_id AS id FROM project_scores ORDER BY heat_score DESC NULLS LAST, project_id LIMIT 1 OFFSET 10`,
  );
  const [sector] = await queryRows<{ id: string }>(db, sql`SELECT id FROM sectors ORDER BY project_count DESC LIMIT 1`);
  const cases: [string, (service: ReturnType<typeof createAnalysisService>) => Promise<unknown>, string][] = [
    ['analysis: market', (s) => s.market(), 'cold < 2,000 ms, warm < 5 ms'],
    ['analysis: project', (s) => s.project(hot!.id, true), 'cold < 1,000 ms, warm < 5 ms'],
    ['analysis: sector', (s) => s.sector(sector!.id, true), 'cold < 2,000 ms, warm < 5 ms'],
  ];
  const rows: AnalysisBenchRow[] = [];
  for (const [label, run, target] of cases) {
    for (const mode of ['cold', 'warm'] as const) {
      const warm = createAnalysisService(db);
      await run(warm);
      const times: number[] = [];
      for (let i = 0; i < (mode === 'cold' ? 5 : 40); i++) {
        const service = mode === 'cold' ? createAnalysisService(db) : warm;
        const started = performance.now();
        await run(service);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) =>
        Math.round((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0) * 10) / 10;
      rows.push({ database: kind, query: `${label} (${mode})`, 'p50 ms': at(0.5), 'p95 ms': at(0.95), target });
    }
  }
  return rows;
}
