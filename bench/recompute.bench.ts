import { sql } from 'drizzle-orm';
import { type Db, type DbKind, queryRows } from '../src/server/db/client.ts';
import { type RecomputeResult, recomputeHeat } from '../src/server/features/heat/recompute.service.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../src/shared/time/duration.ts';
import { describeRows, rowsPerProjectYear } from './history-size.bench.ts';

export type RecomputeBenchRow = {
  run: string;
  projects: number;
  scope: string;
  rescored: number;
  rowsChanged: number;
  strategy: string;
  ms: number;
  target: string;
  ratio: string;
  historyRows: number;
  steps: string;
};

/**
 * Heat recomputes of every project and sector in `db`, timed end to end, on a timeline that gives the scheduled runs a
 * moving 24 h baseline (as in production, where every 5-minute run compares with a run a day back). The runs start
 * 2 minutes into an hour, so which runs are an hour's first (those write a history row per project) is fixed:
 * 1. the first run after seeding: no row has been scored, every score changes, project_scores is rebuilt;
 * 2. (untimed) runs every 5 minutes for 25 minutes, and a day later the first run with a baseline (a full run);
 * 3. 5 minutes later, nothing changed — what the 5-minute job usually costs (target ≤ 1,000 ms);
 * 4. 5 minutes later, 1 % of the projects' inputs changed (target ≤ 1,000 ms);
 * 5. the next hour's first run, nothing changed: one history row per project (target ≤ 1,000 ms);
 * 6. 5 minutes later, every project's inputs changed: a full rebuild (target ≤ 2,000 ms on PGlite).
 * `npm run bench` calls it right after seeding; the edits themselves are timed apart (the inputs trigger's cost).
 * Also returns the share of projects the 1 % run wrote a history row for (the history projection's rate).
 */
export async function benchRecompute(
  db: Db,
  kind: DbKind,
): Promise<{ rows: RecomputeBenchRow[]; changedShare: number }> {
  const t0 = new Date(Math.floor((Date.now() - DAY_MS - 2 * HOUR_MS) / HOUR_MS) * HOUR_MS + 2 * MINUTE_MS);
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const first = await timed(() => recomputeHeat(db, { now: t0 }));
  // Scheduled runs every 5 minutes a day back, so the baseline moves between the timed runs below as it does in
  // production; then the first run with a baseline (a full run: every gain appears), untimed.
  for (let minutes = 5; minutes <= 25; minutes += 5) await recomputeHeat(db, { now: at(minutes * MINUTE_MS) });
  await recomputeHeat(db, { now: at(DAY_MS + 5 * MINUTE_MS) });
  const none = await timed(() => recomputeHeat(db, { now: at(DAY_MS + 10 * MINUTE_MS) }));
  const onePercentEdit = await timed(() => editInputs(db, 100));
  const onePercent = await timed(() => recomputeHeat(db, { now: at(DAY_MS + 15 * MINUTE_MS) }));
  const hourFirst = await timed(() => recomputeHeat(db, { now: at(DAY_MS + 58 * MINUTE_MS) }));
  const everyEdit = await timed(() => editInputs(db, 1));
  const every = await timed(() => recomputeHeat(db, { now: at(DAY_MS + 63 * MINUTE_MS) }));
  const rows = [
    toRow(`${kind}: first run, every score changes`, first, 5_000),
    toRow(`${kind}: scheduled run, 0 % changed`, none, 1_000),
    toRow(`${kind}: scheduled run, 1 % changed (edit ${onePercentEdit.ms} ms)`, onePercent, 1_000),
    toRow(`${kind}: an hour's first run, 0 % changed (a history row per project)`, hourFirst, 1_000),
    toRow(
      `${kind}: every input changed, full rebuild (edit ${everyEdit.ms} ms)`,
      every,
      kind === 'pglite' ? 2_000 : 5_000,
    ),
  ];
  // Sector rows aside (one per sector per run), the project rows the 1 % run wrote.
  const sectorRows = none.result.historyRows;
  const changedShare = (onePercent.result.historyRows - sectorRows) / onePercent.result.projects;
  return { rows, changedShare };
}

/** Changes one heat input of every `step`-th project (by id), as a market or social refresh would. */
function editInputs(db: Db, step: number) {
  return db.execute(sql`
    UPDATE projects AS p SET followers_twitter = coalesce(p.followers_twitter, 0) + 1
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM projects) AS o
    WHERE o.id = p.id AND o.n % ${step} = 0
  `);
}

function toRow(
  run: string,
  { result, ms }: { result: RecomputeResult; ms: number },
  target: number,
): RecomputeBenchRow {
  return {
    run,
    projects: result.projects,
    scope: result.scope,
    rescored: result.projectsRescored,
    rowsChanged: result.projectsChanged,
    strategy: result.strategy,
    ms,
    target: `≤ ${target.toLocaleString('en')} ms`,
    ratio: (ms / target).toFixed(2),
    historyRows: result.historyRows,
    steps: Object.entries(result.timingsMs)
      .map(([step, stepMs]) => `${step} ${stepMs}`)
      .join(', '),
  };
}

export type HistorySizeRow = {
  database: string;
  rows: number;
  'bytes per row': number;
  'of which indexes': number;
  'rows at retention': string;
  'projected size': string;
  target: string;
  ratio: string;
};

const TARGET_BYTES = 5 * 1024 ** 3;

/**
 * heat_history's bytes per row (table, TOAST and indexes over its rows, after the runs above) and what the documented
 * retention holds at `projects` projects, with the share of projects that moved at the bench's 1 % run
 * (`changedShare`: the rows it wrote per project; history-size.bench.ts rowsPerProjectYear).
 */
export async function benchHistorySize(
  db: Db,
  kind: DbKind,
  projects: number,
  changedShare: number,
): Promise<HistorySizeRow> {
  const [row] = await queryRows<{ bytes: number; indexes: number; rows: number }>(
    db,
    sql`SELECT pg_total_relation_size('heat_history')::float8 AS bytes, pg_indexes_size('heat_history')::float8 AS indexes,
          (SELECT count(*) FROM heat_history)::int AS rows`,
  );
  const bytesPerRow = row && row.rows > 0 ? row.bytes / row.rows : 0;
  const perProject = rowsPerProjectYear(changedShare);
  const retained = perProject.total * projects;
  const projected = retained * bytesPerRow;
  return {
    database: kind,
    rows: row?.rows ?? 0,
    'bytes per row': Math.round(bytesPerRow),
    'of which indexes': row && row.rows > 0 ? Math.round(row.indexes / row.rows) : 0,
    'rows at retention': `${(retained / 1e6).toFixed(1)} M (per project ${describeRows(perProject)}, ${(changedShare * 100).toFixed(2)} % moving per run)`,
    'projected size': `${(projected / 1024 ** 3).toFixed(1)} GB`,
    target: '≤ 5 GB',
    ratio: (projected / TARGET_BYTES).toFixed(2),
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: Math.round(performance.now() - started) };
}
