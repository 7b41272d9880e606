import type { Db, DbKind } from '../src/server/db/client.ts';
import { recomputeHeat } from '../src/server/features/heat/recompute.service.ts';

export type RecomputeBenchResult = { label: string; projects: number; ms: number; projectsPerSec: number };

/**
 * One full heat recompute of every project and sector in `db` (every score computed, one history row per project and
 * sector written), timed end to end. `npm run bench` calls it after seeding the synthetic universe; target < 5 s for
 * 100,000 projects on each database. The label says how many project rows changed and had to be rewritten.
 */
export async function benchRecompute(db: Db, kind: DbKind): Promise<RecomputeBenchResult> {
  const started = performance.now();
  const result = await recomputeHeat(db, { now: new Date() });
  const ms = Math.round(performance.now() - started);
  return {
    label: `heat recompute on ${kind}: ${result.sectors} sectors, ${result.historyRows.toLocaleString('en')} history rows, ${result.projectsChanged.toLocaleString('en')} project rows changed`,
    projects: result.projects,
    ms,
    projectsPerSec: Math.round((result.projects / ms) * 1000),
  };
}
