import { runIngestion, summarizeSourceRuns } from '../features/ingestion/ingestion.service.ts';
import type { Job, JobContext } from '../runs/job.ts';
import { FIRST_START_REFRESH_JOB } from '../runs/job-names.ts';
import { hasCompletedRun } from '../runs/run-log.ts';
import { runHeatRecompute } from './heat.job.ts';

/** Due while FIRST_START_REFRESH is on and no run of it has succeeded (fully or partly) on this database. */
async function isDue(ctx: JobContext): Promise<boolean> {
  return ctx.config.FIRST_START_REFRESH && !(await hasCompletedRun(ctx.db, FIRST_START_REFRESH_JOB));
}

/**
 * First start goes live (docs/ingestion.md "First start"): a fresh install shows the catalogue's sample values, so at
 * start-up, until one has succeeded, the server refreshes market data (CoinGecko) and TVL (DefiLlama) in the
 * background, then recomputes heat. It runs through the scheduler (recorded in sync_runs with trigger 'startup',
 * under the job's lock, so one instance runs it). Unreachable sources fail it quietly: logged and recorded as
 * failed, every value kept (samples stay marked "sample"), and the next start tries again. Never on a schedule.
 */
export const firstStartRefreshJob: Job = {
  name: FIRST_START_REFRESH_JOB,
  sources: ['defillama', 'coingecko'],
  startupWhen: isDue,
  run: async (ctx) => {
    // Checked again under the lock: another instance may have done it since this one started.
    if (!(await isDue(ctx))) return { counts: { alreadyDone: 1 }, errors: [] };
    const sources = summarizeSourceRuns(await runIngestion(ctx, ['defillama', 'coingecko'], 'startup'));
    if (sources.status === 'failed') return sources;
    const heat = await runHeatRecompute(ctx);
    return { counts: { ...sources.counts, ...heat.counts }, errors: sources.errors, status: sources.status };
  },
};
