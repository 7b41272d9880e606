import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { createDb, queryRows } from '../src/server/db/client.ts';
import { loadEvaluationInputs, toPanel } from '../src/server/features/methodology/evaluation-inputs.service.ts';
import { runEvaluation, toEvaluationWindow } from '../src/server/features/methodology/evaluation-run.service.ts';
import { seedSynthetic } from '../src/server/features/synthetic/synthetic.service.ts';
import { evaluateHeat } from '../src/shared/methodology/evaluate.ts';
import { CODE_MODEL_ID } from '../src/shared/methodology/models.ts';

export type EvaluationBenchRow = Record<string, string | number>;

/**
 * `days` of stored daily history for every project, written by SQL (a backfill of 10⁵ × 90 through the sources would
 * time the sources): published heat (history row + ranked day) wandering per project, and the four daily signals the
 * backfill stores for the evaluation's outcomes (page views, news, volume, price). Deterministic (hashtext).
 */
export async function seedDailyHistory(
  db: Parameters<typeof seedSynthetic>[0],
  from: string,
  to: string,
): Promise<number> {
  const noise = (salt: string) => sql.raw(`((hashtext(p.id || d::text || '${salt}') & 65535) / 65536.0)`);
  await db.execute(sql`
    INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model, granularity, backfilled)
    SELECT 'project', p.id, d + interval '23 hours', 50 + 25 * sin((hashtext(p.id) & 1023) + extract(epoch FROM d) / 86400 / 9) + 10 * ${noise('h')},
      ${CODE_MODEL_ID}, 'day', true
    FROM projects p, generate_series(${from}::date::timestamp AT TIME ZONE 'UTC', ${to}::date::timestamp AT TIME ZONE 'UTC', interval '1 day') d`);
  await db.execute(sql`
    INSERT INTO heat_daily_ranks (entity_type, entity_id, day, computed_at, score, model, rank, total)
    SELECT 'project', entity_id, (computed_at AT TIME ZONE 'UTC')::date, computed_at, score, model,
      rank() OVER (PARTITION BY computed_at ORDER BY score DESC)::int, count(*) OVER (PARTITION BY computed_at)::int
    FROM heat_history WHERE entity_type = 'project'`);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH s AS (
      INSERT INTO daily_signals (project_id, signal, day, value, source, fetched_at)
      SELECT p.id, x.signal, d::date, x.value, 'bench', now()
      FROM projects p, generate_series(${from}::date, ${to}::date, interval '1 day') d,
        LATERAL (VALUES ('pageViews', round(1000 * ${noise('v')})), ('news', round(20 * ${noise('n')})),
          ('volume24h', 1e6 * (1 + ${noise('u')})), ('price', 1 + (hashtext(p.id) & 255) + ${noise('p')})) AS x(signal, value)
      RETURNING 1
    ) SELECT count(*)::int AS n FROM s`,
  );
  return row?.n ?? 0;
}

/**
 * The daily evaluation at `count` projects × `days` days on `url` (PostgreSQL): the whole job (read the stored series,
 * evaluate published and replayed heat, store), and the read and the engine alone for one panel.
 */
export async function benchEvaluation(url: string, count: number, days: number): Promise<EvaluationBenchRow[]> {
  const handle = await createDb(loadConfig({ DATABASE_URL: url }), { role: 'bench' });
  const now = new Date();
  const window = toEvaluationWindow(now);
  const from = new Date(Date.parse(`${window.to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  try {
    let started = performance.now();
    await seedSynthetic(handle.db, { count, seed: 42, now });
    const signals = await seedDailyHistory(handle.db, from, window.to);
    await handle.db.execute(sql`ANALYZE heat_history, heat_daily_ranks, daily_signals, projects, sectors`);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const scale = `${count.toLocaleString('en')} × ${days} d`;
    const conditions = `seeded in ${seedSeconds} s (${signals.toLocaleString('en')} daily values)`;

    started = performance.now();
    const inputs = await loadEvaluationInputs(handle.db, { from, to: window.to });
    const readMs = Math.round(performance.now() - started);
    const rssAfterRead = Math.round(process.memoryUsage().rss / 1e6);
    started = performance.now();
    evaluateHeat(toPanel(inputs, inputs.published.get(CODE_MODEL_ID) as Float32Array, CODE_MODEL_ID), { seed: 37 });
    const engineMs = Math.round(performance.now() - started);

    started = performance.now();
    const job = await runEvaluation(handle.db, { now, from, to: window.to });
    const jobMs = Math.round(performance.now() - started);
    const peakRss = Math.round(process.memoryUsage().rss / 1e6);
    const atScale = count >= 100_000 && days >= 90;
    return [
      {
        figure: `read the stored series (${scale})`,
        ms: readMs,
        target: '',
        ratio: '',
        notes: `RSS ${rssAfterRead} MB`,
      },
      {
        figure: `engine, published heat, 7 outcomes × 3 horizons (${scale})`,
        ms: engineMs,
        target: '',
        ratio: '',
        notes: `${inputs.projects.length.toLocaleString('en')} projects`,
      },
      {
        figure: `daily evaluation job: published + replayed, stored (${scale})`,
        ms: jobMs,
        target: '≤ 10,000 ms at 100,000 × 90 d on PostgreSQL',
        ratio: atScale ? Math.round((jobMs / 10_000) * 100) / 100 : 'not at target scale',
        notes: `read ${job.timingsMs.read}, evaluate ${job.timingsMs.evaluate}, write ${job.timingsMs.write} ms; peak RSS ${peakRss} MB; ${conditions}`,
      },
    ];
  } finally {
    await handle.close();
  }
}
