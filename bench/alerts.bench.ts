import { sql } from 'drizzle-orm';
import { type Db, type DbKind, queryRows } from '../src/server/db/client.ts';
import { refreshTableStatistics } from '../src/server/db/maintenance.ts';
import { evaluateAlerts } from '../src/server/features/alerts/evaluate.service.ts';

export type AlertsBenchRow = {
  database: string;
  run: string;
  alerts: number;
  /** Alerts whose target had a value (the others keep their state untouched). */
  evaluated: number;
  fired: number;
  notifications: number;
  deliveries: number;
  ms: number;
  /** PGlite only: this process's CPU time (the database runs in it), a figure a busy machine inflates less. */
  'cpu ms': number | string;
  'ratio to target': number;
  target: string;
};

const ALERTS = 10_000;
const USERS = 1_000;
const TARGET_MS = 1_000;
const EMAIL_PREFIX = 'bench-alerts-';

/**
 * "alerts: evaluate 10,000 alerts after a recompute" on the bench's database (run it after the recompute, so every
 * project and sector has a heat). Seeds 1,000 users and 10,000 active alerts set-based (two INSERT … SELECT):
 * four in five on projects spread over the scored ones (heat above / below 50, top 1,000, 24 h change ≥ 5), one in
 * five on sectors (the same kinds plus trend changes); a third with e-mail, a tenth with a webhook. Every alert has
 * been evaluated before and is armed, so the first timed pass is the worst case: every alert whose condition holds
 * fires (notification and deliveries written in the same transaction). The second pass, five minutes later on the
 * same heat, is the usual case. Target < 1,000 ms each; the seeded rows are deleted afterwards.
 */
export async function benchAlerts(db: Db, kind: DbKind): Promise<AlertsBenchRow[]> {
  const now = new Date();
  await seedAlerts(db, new Date(now.getTime() - 5 * 60_000));
  await seedDayAgoRun(db, new Date(now.getTime() - 25 * 3_600_000));
  await refreshTableStatistics(db, kind, ['alerts', 'users']);
  try {
    const first = await timed(() => evaluateAlerts(db, now));
    const next = await timed(() => evaluateAlerts(db, new Date(now.getTime() + 5 * 60_000)));
    // A pass that evaluated nothing timed an empty statement: a broken seed, not a fast evaluation.
    if (first.result.evaluated < ALERTS / 2 || first.result.fired === 0)
      throw new Error(`alerts bench: evaluated ${first.result.evaluated}, fired ${first.result.fired} of ${ALERTS}`);
    return [
      toRow(kind, 'evaluate 10,000 alerts after a recompute (armed: crossings fire)', first),
      toRow(kind, 'evaluate 10,000 alerts, next recompute (no change)', next),
    ];
  } finally {
    await db.execute(sql`DELETE FROM users WHERE email LIKE ${`${EMAIL_PREFIX}%`}`);
    await db.execute(sql`DELETE FROM heat_history WHERE model = ${BENCH_MODEL}`);
  }
}

const BENCH_MODEL = 'bench-alerts';

/** A project run 25 h back (heat shifted by −5…+5 per project), so the 24 h change alerts have a value to compare. */
export async function seedDayAgoRun(db: Db, at: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model, granularity)
    SELECT 'project', project_id, ${at.toISOString()}::timestamptz,
      greatest(0, least(100, heat_score + (abs(hashtext(project_id)) % 21 - 10) / 2.0)), ${BENCH_MODEL}, 'run'
    FROM project_scores WHERE heat_score IS NOT NULL
    ON CONFLICT DO NOTHING
  `);
}

export async function seedAlerts(db: Db, evaluatedAt: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (email)
    SELECT ${EMAIL_PREFIX} || g || '@example.com' FROM generate_series(1, ${USERS}) g
  `);
  // Alerts of an owner whose level excludes them are dormant (never evaluated): every bench owner holds a running
  // paid plan, one in ten vip (webhooks are vip's).
  await db.execute(sql`
    INSERT INTO user_profiles (id, email, membership_level, membership_expires_at)
    SELECT id, email, CASE WHEN (row_number() OVER (ORDER BY id)) % 10 = 0 THEN 'vip' ELSE 'premium' END,
      ${new Date(evaluatedAt.getTime() + 30 * 86_400_000).toISOString()}::timestamptz
    FROM users WHERE email LIKE ${`${EMAIL_PREFIX}%`}
  `);
  await db.execute(sql`
    WITH u AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM users WHERE email LIKE ${`${EMAIL_PREFIX}%`}
    ), p AS (
      SELECT project_id, (row_number() OVER (ORDER BY project_id) - 1)::int AS n
      FROM project_scores WHERE heat_score IS NOT NULL
    ), s AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM sectors WHERE heat_score IS NOT NULL
    ), totals AS (
      SELECT (SELECT count(*)::int FROM p) AS projects, (SELECT count(*)::int FROM s) AS sectors
    ), g AS (
      -- The target positions are computed here, so the joins below are plain equalities (hash joins).
      -- A user's ten alerts (g = user + 1,000 k) share kind and target kind, so their sectors and thresholds differ by
      -- k: one alert per condition (alerts_condition_idx; at least ten scored sectors keep trend alerts distinct).
      SELECT g, g % 5 = 0 AS on_sector, (g * 7919) % totals.projects AS project_n,
        (g % ${USERS} + g / ${USERS}) % totals.sectors AS sector_n,
        (ARRAY['heat_above', 'heat_below', 'rank_top', 'heat_change_24h', 'trend_change'])[1 + (g / 5) % 5] AS kind
      FROM generate_series(0, ${ALERTS - 1}) g, totals
    ), picked AS (
      SELECT g.g, g.on_sector, g.project_n, g.sector_n,
        CASE WHEN NOT g.on_sector AND g.kind = 'trend_change' THEN 'heat_above' ELSE g.kind END AS kind
      FROM g
    )
    INSERT INTO alerts (user_id, target_type, project_id, sector_id, kind, threshold, email_enabled, webhook_url,
      state, last_value, last_trend, last_evaluated_at)
    SELECT u.id,
      CASE WHEN picked.on_sector THEN 'sector' ELSE 'project' END,
      CASE WHEN picked.on_sector THEN NULL ELSE p.project_id END,
      CASE WHEN picked.on_sector THEN s.id END,
      picked.kind,
      CASE picked.kind WHEN 'rank_top' THEN 1000 WHEN 'heat_change_24h' THEN 5 WHEN 'trend_change' THEN NULL ELSE 50 END
        + picked.g / ${USERS},
      picked.g % 3 = 0,
      CASE WHEN picked.g % 10 = 0 THEN 'http://127.0.0.1:9/bench-hook' END,
      'armed', NULL,
      CASE WHEN picked.kind = 'trend_change' THEN 'stable' END,
      ${evaluatedAt.toISOString()}::timestamptz
    FROM picked
    JOIN u ON u.n = picked.g % ${USERS}
    JOIN p ON p.n = picked.project_n
    JOIN s ON s.n = picked.sector_n
  `);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM alerts a JOIN users u ON u.id = a.user_id WHERE u.email LIKE ${`${EMAIL_PREFIX}%`}`,
  );
  if (row?.n !== ALERTS) throw new Error(`alerts bench: seeded ${row?.n ?? 0} alerts, expected ${ALERTS}`);
}

type Timed = { result: Awaited<ReturnType<typeof evaluateAlerts>>; ms: number; cpuMs: number };

function toRow(kind: DbKind, run: string, { result, ms, cpuMs }: Timed): AlertsBenchRow {
  return {
    database: kind,
    run,
    alerts: ALERTS,
    evaluated: result.evaluated,
    fired: result.fired,
    notifications: result.notifications,
    deliveries: result.deliveries,
    ms,
    'cpu ms': kind === 'pglite' ? cpuMs : '',
    'ratio to target': Math.round((ms / TARGET_MS) * 100) / 100,
    target: `< ${TARGET_MS.toLocaleString('en')} ms`,
  };
}

async function timed(run: () => Promise<Timed['result']>): Promise<Timed> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return { result, ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
}
