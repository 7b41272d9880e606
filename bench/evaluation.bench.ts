import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { createDb, queryRows } from '../src/server/db/client.ts';
import { loadEvaluationInputs, toPanel } from '../src/server/features/methodology/evaluation-inputs.service.ts';
import { evaluateProposal } from '../src/server/features/methodology/evaluation-proposal.service.ts';
import { runEvaluation, toEvaluationWindow } from '../src/server/features/methodology/evaluation-run.service.ts';
import { seedSynthetic } from '../src/server/features/synthetic/synthetic.service.ts';
import { evaluateHeat } from '../src/shared/methodology/evaluate.ts';
import { CODE_MODEL_ID } from '../src/shared/methodology/models.ts';
import { CURRENT_WEIGHTS } from '../src/shared/methodology/proposal.ts';

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
  // The history, then the last day by a statement of its own, as the day's ingestion writes it after the history (so
  // its rows lie together in the table, as a new day's do on an install, instead of one per project's pages).
  const last = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  let values = 0;
  for (const [first, end] of from <= last
    ? [
        [from, last],
        [to, to],
      ]
    : [[to, to]]) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH s AS (
        INSERT INTO daily_signals (project_id, signal, day, value, source, fetched_at)
        SELECT p.id, x.signal, d::date, x.value, 'bench', now()
        FROM projects p, generate_series(${first}::date, ${end}::date, interval '1 day') d,
          LATERAL (VALUES ('pageViews', round(1000 * ${noise('v')})), ('news', round(20 * ${noise('n')})),
            ('volume24h', 1e6 * (1 + ${noise('u')})), ('price', 1 + (hashtext(p.id) & 255) + ${noise('p')})) AS x(signal, value)
        RETURNING 1
      ) SELECT count(*)::int AS n FROM s`,
    );
    values += row?.n ?? 0;
  }
  return values;
}

/** Wall and CPU milliseconds of `fn` (the machine may be shared: CPU time is the steadier figure). */
async function measure<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
}

type Kind = 'pglite' | 'postgres';

/** A database seeded with `count` projects and `days` of daily history ending yesterday; the window's first day. */
async function seeded(kind: Kind, target: string, count: number, days: number, now: Date) {
  const handle = await createDb(loadConfig(kind === 'pglite' ? { DATA_DIR: target } : { DATABASE_URL: target }), {
    role: 'bench',
  });
  const window = toEvaluationWindow(now);
  const from = new Date(Date.parse(`${window.to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const seed = await measure(async () => {
    await seedSynthetic(handle.db, { count, seed: 42, now });
    const values = await seedDailyHistory(handle.db, from, window.to);
    await handle.db.execute(sql`ANALYZE heat_history, heat_daily_ranks, daily_signals, projects, sectors`);
    return values;
  });
  const conditions = `seeded in ${Math.round(seed.ms / 100) / 10} s (${seed.value.toLocaleString('en')} daily values)`;
  return { handle, from, to: window.to, conditions };
}

const cpuNote = (m: { cpuMs: number }) =>
  `CPU ${m.cpuMs.toLocaleString('en')} ms (this process; the database's own not counted)`;

/**
 * The daily evaluation at `count` projects × `days` days on `target`: the read and the engine alone for one panel,
 * then the job as it runs each day — the whole window computed from scratch (the first run, or after a change that
 * needs it) for the window ending the day before yesterday, then the next day's run, which extends it by one day
 * (incremental). `days` + 1 days are seeded so both windows are full. Node CPU time beside wall time.
 */
export async function benchEvaluation(kind: Kind, target: string, count: number, days: number) {
  const now = new Date();
  const { handle, from, to, conditions } = await seeded(kind, target, count, days + 1, now);
  try {
    return await measureDailyEvaluation(handle.db, { kind, count, days, now, from, to, conditions });
  } finally {
    await handle.close();
  }
}

/** The rows of {@link benchEvaluation} on an already seeded database holding `days` + 1 days ending `to`. */
export async function measureDailyEvaluation(
  db: Parameters<typeof seedSynthetic>[0],
  o: { kind: Kind; count: number; days: number; now: Date; from: string; to: string; conditions: string },
) {
  const { kind, count, days, now, to, conditions } = o;
  const scale = `${count.toLocaleString('en')} × ${days} d, ${kind}`;
  const window = {
    from: new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10),
    to,
  };
  const read = await measure(() => loadEvaluationInputs(db, window));
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  const inputs = read.value;
  const heat = inputs.published.get(CODE_MODEL_ID) as Float32Array;
  const engine = await measure(() => evaluateHeat(toPanel(inputs, heat, CODE_MODEL_ID), { seed: 37 }));
  const dayBefore = new Date(now.getTime() - 86_400_000);
  const full = await measure(() => runEvaluation(db, { now: dayBefore, incremental: false }));
  const next = await measure(() => runEvaluation(db, { now }));
  const atScale = kind === 'postgres' && count >= 100_000 && days >= 90;
  const phases = (m: typeof full) => {
    const { read: r, evaluate: e, write: w } = m.value.timingsMs;
    return `read ${r}, evaluate ${e}, write ${w} ms; ${cpuNote(m)}`;
  };
  return [
    {
      figure: `read the stored series (${scale})`,
      ms: read.ms,
      target: '',
      ratio: '',
      notes: `${cpuNote(read)}; RSS ${rss} MB`,
    },
    {
      figure: `engine, published heat, 7 outcomes × 3 horizons (${scale})`,
      ms: engine.ms,
      target: '',
      ratio: '',
      notes: cpuNote(engine),
    },
    {
      figure: `daily evaluation, full recompute of the window: read, evaluate, store (${scale})`,
      ms: full.ms,
      target: '',
      ratio: '',
      notes: `first run, or after a change that needs it (no target: the daily run is the next row); ${phases(full)}; ${conditions}`,
    },
    {
      figure: `daily evaluation, ${scale}, one new day (incremental)`,
      ms: next.ms,
      target: '≤ 10,000 ms at 100,000 × 90 d on PostgreSQL',
      ratio: atScale ? Math.round((next.ms / 10_000) * 100) / 100 : 'not at target scale',
      notes: `ran ${next.value.mode}; ${phases(next)}`,
    },
  ];
}

/**
 * One weight proposal's evaluation at `count` projects × `days` days on PostgreSQL: the first after the window's inputs
 * expire (reads them and evaluates the current model), a new proposal on them, and the same weights again (cached).
 */
export async function benchProposal(url: string, count: number, days: number) {
  const now = new Date();
  const { handle, conditions } = await seeded('postgres', url, count, days, now);
  try {
    const weights = { ...CURRENT_WEIGHTS, twitterFollowers: 0.05, marketCapUsd: 0.22 };
    const cold = await measure(() => evaluateProposal(handle.db, weights, now));
    const fresh = await measure(() =>
      evaluateProposal(handle.db, { ...weights, marketCapUsd: 0.2, volume24hUsd: 0.12 }, now),
    );
    const cached = await measure(() => evaluateProposal(handle.db, weights, now));
    const scale = `${count.toLocaleString('en')} × ${days} d`;
    const atScale = count >= 10_000 && days >= 90;
    const ratio = (ms: number) => (atScale ? Math.round((ms / 2_000) * 100) / 100 : 'not at target scale');
    const target = '≤ 2,000 ms at 10,000 × 90 d';
    return [
      {
        figure: `proposal, first of the window: reads it, evaluates the current model (${scale})`,
        ms: cold.ms,
        target: '',
        ratio: '',
        notes: `${cpuNote(cold)}; ${conditions}`,
      },
      {
        figure: `proposal, new weights on the window's inputs (${scale})`,
        ms: fresh.ms,
        target,
        ratio: ratio(fresh.ms),
        notes: cpuNote(fresh),
      },
      {
        figure: `proposal, the same weights again: cached (${scale})`,
        ms: cached.ms,
        target,
        ratio: ratio(cached.ms),
        notes: cpuNote(cached),
      },
    ];
  } finally {
    await handle.close();
  }
}
