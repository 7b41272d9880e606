import type { Db, DbKind } from '../src/server/db/client.ts';
import { recomputeHeat } from '../src/server/features/heat/recompute.service.ts';

export type RecomputeBenchResult = { label: string; projects: number; ms: number; projectsPerSec: number };

/**
 * Full heat recomputes of every project and sector in `db` (every score computed, one history row per project and per
 * sector written), timed end to end. `npm run bench` calls it right after seeding the synthetic universe. Two runs:
 * 1. the first after seeding — no row holds an inputs snapshot yet, so every project row is rewritten (the worst case,
 *    as after a model change);
 * 2. the next scheduled run five minutes later on the same data — what the 5-minute job costs when few scores change.
 * `ms` is the scheduled run; the label carries the first run's time and how many rows each rewrote. Target < 5 s.
 */
export async function benchRecompute(db: Db, kind: DbKind): Promise<RecomputeBenchResult> {
  const now = new Date();
  const first = await timed(() => recomputeHeat(db, { now }));
  const next = await timed(() => recomputeHeat(db, { now: new Date(now.getTime() + 5 * 60_000) }));
  const { result } = next;
  return {
    label:
      `heat recompute on ${kind}, ${result.sectors} sectors, ${result.historyRows.toLocaleString('en')} history rows/run: ` +
      `scheduled run ${next.ms} ms (${result.projectsChanged.toLocaleString('en')} rows changed); ` +
      `first run after seed ${first.ms} ms (${first.result.projectsChanged.toLocaleString('en')} rows rewritten)`,
    projects: result.projects,
    ms: next.ms,
    projectsPerSec: Math.round((result.projects / next.ms) * 1000),
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: Math.round(performance.now() - started) };
}
