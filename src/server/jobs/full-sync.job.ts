import { runIngestion, SOURCE_NAMES, summarizeSourceRuns } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';
import { FULL_SYNC_JOB } from '../runs/job-names.ts';
import { runHeatRecompute } from './heat.job.ts';

/**
 * The full sync every 24 hours (spec §9): every ingestion source in order (discovery first; social sources refresh
 * only projects older than their 7-day window), then a heat recompute. A failing source is reported, never fatal:
 * the run is partial (or failed, when every source that ran failed).
 */
export const fullSyncJob: Job = {
  name: FULL_SYNC_JOB,
  cron: '0 30 2 * * *',
  sources: SOURCE_NAMES,
  run: async (ctx) => {
    const sources = summarizeSourceRuns(await runIngestion(ctx, SOURCE_NAMES, 'schedule'));
    const heat = await runHeatRecompute(ctx);
    // The recompute ran (it throws otherwise): the run is as good as its sources.
    return { counts: { ...sources.counts, ...heat.counts }, errors: sources.errors, status: sources.status };
  },
};
