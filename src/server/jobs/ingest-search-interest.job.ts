import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';

/** Search interest from Wikipedia page views once a day (05:20 UTC, after Wikimedia has published yesterday). */
export const searchInterestJob: Job = {
  name: 'ingest-search-interest',
  cron: '20 5 * * *',
  run: (ctx) => runSourcesForJob(ctx, ['wikipedia']),
  sources: ['wikipedia'],
};
