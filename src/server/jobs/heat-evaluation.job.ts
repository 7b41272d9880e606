import { runEvaluation } from '../features/methodology/evaluation-run.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Evaluates the last 90 days of heat against what happened next, for every model version (published heat of each
 * version found; with candidates, the current model and every candidate replayed on the stored daily inputs), and
 * stores the tables
 * GET /api/methodology/evaluation serves. Daily at 05:50 UTC, after the day's ingestion; the scheduler's slot and job
 * lock make it run once across instances, and a re-run replaces the same rows with the same figures (fixed seed).
 */
export const heatEvaluationJob: Job = {
  name: 'heat-evaluation',
  cron: '0 50 5 * * *',
  run: async (ctx) => {
    const result = await runEvaluation(ctx.db, { now: ctx.now() });
    await ctx.events.publish({ type: 'methodology.updated' });
    return {
      counts: {
        projects: result.projects,
        evaluations: result.evaluations.length,
        cells: result.evaluations.reduce((n, e) => n + e.result.cells.length, 0),
        heatWithoutModel: result.heatWithoutModel,
        ...Object.fromEntries(Object.entries(result.timingsMs).map(([phase, ms]) => [`${phase}Ms`, ms])),
      },
      errors: [],
    };
  },
};
