import { runSourcesForJob } from '../features/ingestion/ingestion.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Discovery and protocol TVL from DefiLlama, then its chain TVL (the platforms' figure), once a day (03:15 UTC, away
 * from the hourly market slot). Each is its own source in the sync log: a failed chain list never fails discovery.
 */
export const discoveryJob: Job = {
  name: 'ingest-discovery',
  cron: '15 3 * * *',
  run: (ctx) => runSourcesForJob(ctx, ['defillama', 'chains']),
  sources: ['defillama', 'chains'],
};
