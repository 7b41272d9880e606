import { afterRecompute } from '../features/heat/after-recompute.service.ts';
import { recomputeHeat } from '../features/heat/recompute.service.ts';
import type { Job, JobContext } from './job.ts';

/** Recomputes every project's and sector's heat, then drops cached responses and tells every instance. */
export async function runHeatRecompute(ctx: JobContext) {
  const result = await recomputeHeat(ctx.db, { now: ctx.now() });
  await afterRecompute(ctx, result);
  return {
    counts: {
      projects: result.projects,
      projectsChanged: result.projectsChanged,
      sectors: result.sectors,
      historyRows: result.historyRows,
      scored: result.scored,
      unscored: result.unscored,
      ...Object.fromEntries(Object.entries(result.statuses).map(([status, n]) => [`status.${status}`, n])),
    },
    errors: [],
  };
}

/** Heat scores every 5 minutes (spec §9 "Intervals"), and once at start so a fresh catalogue is scored at once. */
export const heatJob: Job = { name: 'heat', everyMs: 5 * 60_000, runAtStartup: true, run: runHeatRecompute };
