import { runIngestion, SOURCE_NAMES } from '../features/ingestion/ingestion.service.ts';
import { runHeatRecompute } from './heat.job.ts';
import type { Job } from './job.ts';

/**
 * The full sync every 24 hours (spec §9): every ingestion source in order (discovery first; social sources refresh
 * only projects older than their 7-day window), then a heat recompute. A failing source is reported, never fatal.
 */
export const fullSyncJob: Job = {
  name: 'full-sync',
  cron: '0 30 2 * * *',
  run: async (ctx) => {
    const results = await runIngestion(ctx, SOURCE_NAMES, 'schedule');
    const heat = await runHeatRecompute(ctx);
    const counts: Record<string, number> = { ...heat.counts };
    const errors: string[] = [];
    for (const result of results) {
      counts[`${result.source}.failed`] = result.failed ? 1 : 0;
      errors.push(...result.errors.map((e) => `${result.source}: ${e}`));
    }
    return { counts, errors };
  },
};
