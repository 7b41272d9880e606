import type { Db, DbKind } from '../src/server/db/client.ts';
import { recomputeHeat } from '../src/server/features/heat/recompute.service.ts';

export type RecomputeBenchResult = { label: string; projects: number; ms: number; projectsPerSec: number };

/**
 * One full heat recompute of every project and sector in `db` (with history rows), timed end to end. Run by
 * `npm run bench` after it seeds the synthetic universe; target < 5 s for 100,000 projects on each database.
 */
export async function benchRecompute(db: Db, kind: DbKind): Promise<RecomputeBenchResult> {
  const started = performance.now();
  const result = await recomputeHeat(db, { now: new Date() });
  const ms = Math.round(performance.now() - started);
  return {
    label: `full heat recompute (${kind}, ${result.sectors} sectors, ${result.historyRows.toLocaleString('en')} history rows)`,
    projects: result.projects,
    ms,
    projectsPerSec: Math.round((result.projects / ms) * 1000),
  };
}
