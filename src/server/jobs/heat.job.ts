import { recomputeHeat } from '../features/heat/recompute.service.ts';
import type { Job, JobContext } from '../runs/job.ts';
import { afterRecompute } from './after-recompute.ts';

/**
 * Recomputes heat (only the projects whose score can have moved, see incremental-recompute.ts) and every sector's,
 * then drops cached responses and tells every instance.
 */
export async function runHeatRecompute(ctx: JobContext) {
  const result = await recomputeHeat(ctx.db, { now: ctx.now() });
  await afterRecompute(ctx, result);
  return {
    counts: {
      projects: result.projects,
      projectsChanged: result.projectsChanged,
      // Scored from inputs this run: every project in a full run, only what moved in an incremental one.
      projectsRescored: result.projectsRescored,
      // project_scores rows the plan read: every row, or only those to re-score (docs/heat-score.md).
      planRowsRead: result.planRowsRead,
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
