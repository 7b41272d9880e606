import type { Db, DbKind } from '../src/server/db/client.ts';
import { type RecomputeResult, recomputeHeat } from '../src/server/features/heat/recompute.service.ts';

export type RecomputeBenchRow = {
  run: string;
  projects: number;
  rowsChanged: number;
  strategy: string;
  ms: number;
  projectsPerSec: number;
  historyRows: number;
  steps: string;
};

/**
 * Full heat recomputes of every project and sector in `db` (every score computed, one history row per project and per
 * sector written, all in one transaction), timed end to end. `npm run bench` calls it right after seeding. Two runs:
 * 1. the first after seeding: no row has been scored, so every score changes and project_scores is rebuilt — the
 *    worst case, as after a model change or an hourly market refresh that moves most tokens;
 * 2. the next scheduled run five minutes later on the same data — what the 5-minute job usually costs.
 * Target < 5 s for each.
 */
export async function benchRecompute(db: Db, kind: DbKind): Promise<RecomputeBenchRow[]> {
  const now = new Date();
  const first = await timed(() => recomputeHeat(db, { now }));
  const next = await timed(() => recomputeHeat(db, { now: new Date(now.getTime() + 5 * 60_000) }));
  return [toRow(`${kind}: first run, every score changes`, first), toRow(`${kind}: scheduled run 5 min later`, next)];
}

function toRow(run: string, { result, ms }: { result: RecomputeResult; ms: number }): RecomputeBenchRow {
  return {
    run,
    projects: result.projects,
    rowsChanged: result.projectsChanged,
    strategy: result.strategy,
    ms,
    projectsPerSec: Math.round((result.projects / ms) * 1000),
    historyRows: result.historyRows,
    steps: Object.entries(result.timingsMs)
      .map(([step, stepMs]) => `${step} ${stepMs}`)
      .join(', '),
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: Math.round(performance.now() - started) };
}
